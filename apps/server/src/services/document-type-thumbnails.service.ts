import { REQUEST_NUMBER_MAX, THUMBNAIL_FILENAME_PATTERN } from '@portal/contract';
import type { AuditLogRepository } from '../db/repositories/audit-log.repository.js';
import type { DocumentTypeThumbnailsRepository, ThumbnailInfo } from '../db/repositories/document-type-thumbnails.repository.js';
import type { DocumentTypesEditorRepository, EditedTypeWithAttributes } from '../db/repositories/document-types-editor.repository.js';
import type { Transact, Tx } from '../db/transact.js';
import { notFound } from '../errors.js';
import { requireAcceptedImage, type AcceptedImage } from './accepted-image.js';
import { requireClientType } from './document-types-editor.service.js';
import { requireTenantClient, type Actor } from './permissions.js';

/** How many hex digits of the image's SHA-256 its file name carries (THUMBNAIL_FILENAME_PATTERN). */
const NAME_HASH_DIGITS = 16;

/**
 * Stores a type's image, in the caller's transaction, and names it after its content: the bytes
 * first, then the type's `thumbnail` column from the hash the database computed of them. Seeding
 * and the console both store images through here, so the two tables never disagree.
 */
export async function storeThumbnail(
  thumbnails: DocumentTypeThumbnailsRepository,
  reportId: number,
  image: AcceptedImage & { bytes: Buffer },
  trx: Tx,
): Promise<ThumbnailInfo> {
  const hash = await thumbnails.saveImage(reportId, { contentType: image.contentType, bytes: image.bytes }, trx);
  const info = {
    filename: `${reportId}-${hash.slice(0, NAME_HASH_DIGITS)}.${image.extension}`,
    width: image.width,
    height: image.height,
  };
  await thumbnails.setThumbnailInfo(reportId, info, trx);
  return info;
}

/** What the audit log keeps of a thumbnail change: the type and its image's name and size, never the bytes. */
function thumbnailSnapshot(type: EditedTypeWithAttributes) {
  return { clientId: type.client_id, reportId: type.id, reportCode: type.code, thumbnail: type.thumbnail };
}

/**
 * The image of each document type's dashboard tile: replaced and removed in the tenant console,
 * served to anyone under a name that changes with the bytes. A name stops serving the moment the
 * type's image changes, so an address can be cached for a year without ever showing stale bytes.
 */
export function createDocumentTypeThumbnailsService(deps: {
  thumbnails: DocumentTypeThumbnailsRepository;
  types: DocumentTypesEditorRepository;
  audit: AuditLogRepository;
  transact: Transact;
}) {
  const requireType = (clientId: number, typeId: number, trx?: Tx, lock = false) =>
    requireClientType(deps.types, clientId, typeId, trx, lock);

  /**
   * One change of a type's image and its audit entry, in one transaction that locks the type. The
   * same image again, or no image removed, changes no name and writes no entry.
   */
  function changeImage(actor: Actor, clientId: number, typeId: number, write: (trx: Tx) => Promise<unknown>) {
    return deps.transact(async (trx) => {
      const before = await requireType(clientId, typeId, trx, true);
      await write(trx);
      const after = await requireType(clientId, typeId, trx);
      if (JSON.stringify(before.thumbnail) === JSON.stringify(after.thumbnail)) return after;
      await deps.audit.record(
        {
          actorUserId: actor.id,
          action: 'updateDocumentType',
          targetUserId: null,
          clientId,
          before: thumbnailSnapshot(before),
          after: thumbnailSnapshot(after),
        },
        trx,
      );
      return after;
    });
  }

  return {
    /**
     * Checks the person may edit the client's types (403) and that the type is the client's (404),
     * before an upload is read; a type id not yet known to be valid is left to the request's schema.
     */
    async requireTypeAccess(actor: Actor, clientId: number, typeId: number | undefined): Promise<void> {
      requireTenantClient(actor, clientId);
      if (typeId !== undefined) await requireType(clientId, typeId);
    },

    /** A PNG, JPEG, WebP or ICO image, recognised by its bytes and within the size limits. */
    replace(actor: Actor, clientId: number, typeId: number, bytes: Buffer): Promise<EditedTypeWithAttributes> {
      requireTenantClient(actor, clientId);
      const image = requireAcceptedImage(bytes);
      return changeImage(actor, clientId, typeId, (trx) => storeThumbnail(deps.thumbnails, typeId, { ...image, bytes }, trx));
    },

    /** The type's tile shows the portal's document icon again. */
    remove(actor: Actor, clientId: number, typeId: number): Promise<EditedTypeWithAttributes> {
      requireTenantClient(actor, clientId);
      return changeImage(actor, clientId, typeId, async (trx) => {
        await deps.thumbnails.deleteImage(typeId, trx);
        await deps.thumbnails.setThumbnailInfo(typeId, null, trx);
      });
    },

    /** The image a file name names, while it is its type's current one; any other name is not found. */
    async open(filename: string): Promise<{ contentType: string; content: Buffer }> {
      const [, id, hashPrefix] = THUMBNAIL_FILENAME_PATTERN.exec(filename) ?? [];
      const reportId = Number(id);
      if (!hashPrefix || !Number.isInteger(reportId) || reportId > REQUEST_NUMBER_MAX) throw notFound();
      const image = await deps.thumbnails.findCurrent(reportId, filename, hashPrefix);
      if (!image) throw notFound();
      return { contentType: image.content_type, content: Buffer.from(image.content) };
    },
  };
}
export type DocumentTypeThumbnailsService = ReturnType<typeof createDocumentTypeThumbnailsService>;
