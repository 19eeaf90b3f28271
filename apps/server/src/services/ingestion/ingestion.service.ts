import { ERROR_KEYS, INGESTION_ERROR_KEYS, INGESTION_PARTS, type PutOutcome } from '@portal/contract';
import type {
  IngestedDocumentValues,
  IngestedDocumentsRepository,
  IngestionType,
  StoredIngestedDocument,
} from '../../db/repositories/ingested-documents.repository.js';
import type { Transact, Tx } from '../../db/transact.js';
import { AppError } from '../../errors.js';
import type { TextExtractionQueue } from '../../jobs/text-extraction.js';
import type { DocumentStorage } from '../../transports/storage/document-storage.js';
import type { IncomingPart, IncomingParts } from './incoming-parts.js';
import { ingestionRefusal, readDocumentMetadata, requireExternalId, type DocumentMetadata } from './ingestion-metadata.js';
import { checkPdf } from './pdf-check.js';
import { FileTooLargeError, receiveFile, type ReceivedFile } from './received-file.js';
import { createTtlCache } from './ttl-cache.js';
import type { ClientEvent, WebhookEvents } from '../webhooks/webhook-events.js';

export type { IngestionType } from '../../db/repositories/ingested-documents.repository.js';

/** Whose documents are written: a client, and the types its key reaches (null: all of them). */
export interface DocumentWriter {
  clientId: number;
  reportIds: number[] | null;
}

export interface PutResult {
  documentId: number;
  externalId: string;
  version: number;
  outcome: PutOutcome;
}

/** Files are named by their content: the same file sent for many documents is stored once. */
export const DOCUMENT_FILE_PREFIX = 'documents/';
const DOCUMENT_FILE_KEY = /^documents\/[0-9a-f]{64}\.pdf$/;
const fileKeyOf = (sha256: string) => `${DOCUMENT_FILE_PREFIX}${sha256}.pdf`;

const TYPE_CACHE_TTL_MS = 5_000;
/** A file younger than this may belong to an upload still in flight: the sweep leaves it. */
export const ORPHAN_GRACE_MINUTES = 60;
/** Stored files are checked against the documents this many at a time. */
const SWEEP_PAGE_SIZE = 500;
/** A document deleted between the upsert and the read of the unchanged row is written again, this many times at most. */
const PUT_ATTEMPTS = 3;
/** Uploads of a batch checked and stored at once. */
const BATCH_CONCURRENCY = 4;

interface IngestionLogger {
  error(details: object, message: string): void;
}

/**
 * Documents sent by clients' back offices, named by their own ids. A put reads the file (hashing
 * it), checks it is a PDF the portal can show, stores it under its content's hash and
 * only then writes the row, in one statement that decides between created, replaced and
 * unchanged. A failure between storing and committing leaves a file no row names, which
 * sweepOrphanFiles removes once it is older than any upload in flight.
 */
export function createIngestionService(deps: {
  documents: IngestedDocumentsRepository;
  storage: DocumentStorage;
  maxFileBytes: number;
  logger?: IngestionLogger;
  /** Queues the reading of each created or replaced document's text with its row; without it (the demo seed) nothing is queued. */
  textExtraction?: { queue: TextExtractionQueue; transact: Transact };
  /** Tells the client's back office of each document created, replaced or deleted, in the transaction that does it. */
  webhooks?: { events: Pick<WebhookEvents, 'emit'>; transact: Transact };
}) {
  /** A document's event names it as its client does: its type's code and its external id. */
  const documentEvent = (type: IngestionType, kind: ClientEvent['type'], row: { externalId: string; version?: number }): ClientEvent => ({
    clientId: type.clientId,
    type: kind,
    data: { documentType: type.code, externalId: row.externalId, ...(row.version !== undefined && { version: row.version }) },
  });
  const emitWritten = (type: IngestionType, written: { externalId: string; version: number }[], trx: Tx) =>
    deps.webhooks?.events.emit(
      written.map((row) => documentEvent(type, row.version === 1 ? 'document.created' : 'document.replaced', row)),
      trx,
    );

  const types = createTtlCache<IngestionType>({ ttlMs: TYPE_CACHE_TTL_MS, maxEntries: 1_000 });

  async function readParts(type: IngestionType, parts: IncomingParts): Promise<{ metadata: DocumentMetadata; file: ReceivedFile }> {
    const first = await parts.next();
    if (first?.kind === 'file') {
      // A metadata part the parser could not read (declared JSON, and not) is reported only once
      // the file after it is let go: then it is that refusal, not a missing part, that answers.
      first.stream.destroy();
      await parts.next();
    }
    if (!first || first.kind !== 'field' || first.name !== INGESTION_PARTS.metadata) {
      throw ingestionRefusal(
        INGESTION_ERROR_KEYS.metadataMissing,
        INGESTION_PARTS.metadata,
        'The first part must be the metadata field, before the file.',
      );
    }
    if (first.truncated) {
      throw ingestionRefusal(INGESTION_ERROR_KEYS.metadataInvalid, INGESTION_PARTS.metadata, 'The metadata part is too large.');
    }
    const metadata = readDocumentMetadata(first.value, type);
    const second = await parts.next();
    if (!second || (second.kind === 'field' && second.name === INGESTION_PARTS.file)) {
      throw ingestionRefusal(INGESTION_ERROR_KEYS.fileMissing, INGESTION_PARTS.file, 'The file part, holding the PDF, is missing.');
    }
    if (second.kind !== 'file' || second.name !== INGESTION_PARTS.file) throw unexpectedPart(second);
    const file = await receiveFile(second.stream, { maxBytes: deps.maxFileBytes }).catch((error: unknown) => {
      if (!(error instanceof FileTooLargeError)) throw error;
      const megabytes = Math.round(deps.maxFileBytes / 1_048_576);
      throw ingestionRefusal(INGESTION_ERROR_KEYS.fileTooLarge, INGESTION_PARTS.file, `The file is larger than ${megabytes} MB.`, 413);
    });
    const extra = await parts.next();
    if (extra) throw unexpectedPart(extra);
    return { metadata, file };
  }

  async function storeFile(file: ReceivedFile): Promise<string> {
    const fileKey = fileKeyOf(file.sha256);
    try {
      await deps.storage.put(fileKey, file.bytes, { sha256: file.sha256 });
    } catch (error) {
      deps.logger?.error({ err: error, fileKey }, 'document file could not be stored');
      throw new AppError(503, ERROR_KEYS.storageUnavailable, 'The document could not be stored; send it again later.');
    }
    return fileKey;
  }

  /** Reads and checks one upload and stores its file; what its row will hold. */
  async function prepareDocument(type: IngestionType, externalId: string, parts: IncomingParts): Promise<IngestedDocumentValues> {
    requireExternalId(externalId);
    const { metadata, file } = await readParts(type, parts);
    const check = await checkPdf(file.bytes);
    if (check.outcome === 'encrypted') {
      throw ingestionRefusal(INGESTION_ERROR_KEYS.pdfEncrypted, INGESTION_PARTS.file, 'The PDF is encrypted: send it without a password.');
    }
    if (check.outcome === 'unreadable') {
      throw ingestionRefusal(INGESTION_ERROR_KEYS.pdfUnreadable, INGESTION_PARTS.file, 'The file is not a PDF the portal can open.');
    }
    const fileKey = await storeFile(file);
    return { reportId: type.id, externalId, ...metadata, fileKey, contentHash: file.sha256, pageCount: check.pageCount };
  }

  /** Writes the rows and, in the same transaction, queues the reading of the text of those written. */
  async function upsertDocuments(type: IngestionType, documents: IngestedDocumentValues[]) {
    const extraction = deps.textExtraction;
    if (!extraction) return deps.documents.upsert(documents);
    return extraction.transact(async (trx) => {
      const written = await deps.documents.upsert(documents, trx);
      await extraction.queue.queueTextExtraction(
        written.map((row) => row.id),
        trx,
      );
      await emitWritten(type, written, trx);
      return written;
    });
  }

  /**
   * A document sent again as it is may have no text yet (stored before texts were read, or its
   * reading given up): its job reads it then, or finds it read and does nothing.
   */
  async function queueUnchangedText(documentIds: number[]) {
    const extraction = deps.textExtraction;
    if (!extraction || documentIds.length === 0) return;
    await extraction.transact((trx) => extraction.queue.queueTextExtraction(documentIds, trx));
  }

  /**
   * Of the documents the upsert did not write (sent as they are, deleted meanwhile, or kept by a
   * legal hold, which the upsert passes over), one a hold keeps and that was sent changed: 409.
   */
  async function refuseChangesToHeld(type: IngestionType, documents: IngestedDocumentValues[]) {
    const held = await deps.documents.heldExternalIds(
      type.id,
      documents.map((document) => document.externalId),
    );
    for (const document of documents.filter((each) => held.has(each.externalId))) {
      const stored = await deps.documents.find(type.id, document.externalId);
      if (stored && !isSameDocument(stored, document)) throw documentUnderLegalHold(document.externalId);
    }
  }

  /**
   * Writes the rows, once their files are stored, in one statement that decides each outcome; a
   * document already there as sent is confirmed unchanged, one deleted meanwhile is written again.
   */
  async function writeDocuments(type: IngestionType, documents: IngestedDocumentValues[]): Promise<PutResult[]> {
    const results = new Map<string, PutResult>();
    let pending = documents;
    for (let attempt = 1; attempt <= PUT_ATTEMPTS && pending.length > 0; attempt++) {
      for (const row of await upsertDocuments(type, pending)) {
        const outcome = row.version === 1 ? 'created' : 'replaced';
        results.set(row.externalId, { documentId: row.id, externalId: row.externalId, version: row.version, outcome });
      }
      const same = pending.filter((document) => !results.has(document.externalId));
      await refuseChangesToHeld(type, same);
      const current = await deps.documents.versions(
        type.id,
        same.map((document) => document.externalId),
      );
      for (const row of current) {
        results.set(row.externalId, { documentId: row.id, externalId: row.externalId, version: row.version, outcome: 'unchanged' });
      }
      await queueUnchangedText(current.map((row) => row.id));
      pending = same.filter((document) => !results.has(document.externalId));
    }
    if (pending.length > 0) {
      throw new AppError(409, INGESTION_ERROR_KEYS.concurrentChange, 'The document was deleted while it was being sent; send it again.');
    }
    return documents.map((document) => results.get(document.externalId)!);
  }

  return {
    /** The types a writer may send documents of, with their attributes. */
    listDocumentTypes(writer: DocumentWriter): Promise<IngestionType[]> {
      return deps.documents.listTypes(writer.clientId, writer.reportIds);
    },

    /** A type of the client, or 404 errors.documentTypeUnknown (another client's type answers the same). */
    async requireDocumentType(clientId: number, code: string): Promise<IngestionType> {
      const type = await types.get(`${clientId}:${code.toLowerCase()}`, () => deps.documents.findType(clientId, code));
      if (!type) throw new AppError(404, ERROR_KEYS.documentTypeUnknown, `There is no document type ${code}.`);
      return type;
    },

    /** Creates, replaces or confirms the document of that external id from an upload's parts (metadata, then file). */
    async putDocument(type: IngestionType, externalId: string, parts: IncomingParts): Promise<PutResult> {
      const [result] = await writeDocuments(type, [await prepareDocument(type, externalId, parts)]);
      return result!;
    },

    /**
     * Many documents of one type, each checked and stored as putDocument does, their rows then
     * written by one statement (a bulk load: the demo data set). External ids must differ; a
     * refused upload refuses the whole batch, leaving the files already stored to the sweep.
     */
    async putDocuments(type: IngestionType, uploads: { externalId: string; parts: IncomingParts }[]): Promise<PutResult[]> {
      if (new Set(uploads.map((upload) => upload.externalId)).size !== uploads.length) {
        throw new Error('A batch names each external id once.');
      }
      // A few at a time: one upload's file writes overlap another's checks.
      const documents: IngestedDocumentValues[] = new Array<IngestedDocumentValues>(uploads.length);
      let next = 0;
      const prepareNext = async (): Promise<void> => {
        while (next < uploads.length) {
          const index = next++;
          documents[index] = await prepareDocument(type, uploads[index]!.externalId, uploads[index]!.parts);
        }
      };
      const workers = await Promise.allSettled(Array.from({ length: Math.min(BATCH_CONCURRENCY, uploads.length) }, prepareNext));
      const failed = workers.find((worker) => worker.status === 'rejected');
      if (failed) throw failed.reason;
      return writeDocuments(type, documents);
    },

    async getDocument(type: IngestionType, externalId: string): Promise<StoredIngestedDocument> {
      const document = await deps.documents.find(type.id, requireExternalId(externalId));
      if (!document) throw documentNotFound(externalId);
      return document;
    },

    /** Deletes the document at once; its file goes with the next sweep unless another document shares it. */
    async deleteDocument(type: IngestionType, externalId: string): Promise<{ externalId: string }> {
      const id = requireExternalId(externalId);
      const hooks = deps.webhooks;
      const deleted = hooks
        ? await hooks.transact(async (trx) => {
            const row = await deps.documents.delete(type.id, id, trx);
            if (row) await hooks.events.emit(documentEvent(type, 'document.deleted', { externalId: id }), trx);
            return row;
          })
        : await deps.documents.delete(type.id, id);
      if (deleted) return { externalId };
      // Nothing deleted: there is no such document, or a legal hold keeps it.
      if (await deps.documents.find(type.id, id)) throw documentUnderLegalHold(externalId);
      throw documentNotFound(externalId);
    },

    /**
     * Removes stored document files that no document names and that are older than the grace
     * period (an upload stores its file before its row commits). Runs page by page of the listing.
     */
    async sweepOrphanFiles(options: { olderThanMinutes?: number } = {}): Promise<{ examined: number; deleted: number }> {
      const cutoff = Date.now() - (options.olderThanMinutes ?? ORPHAN_GRACE_MINUTES) * 60_000;
      let examined = 0;
      let deleted = 0;
      let page: string[] = [];
      const sweepPage = async () => {
        const referenced = await deps.documents.referencedFileKeys(page);
        for (const key of page) {
          if (referenced.has(key)) continue;
          await deps.storage.delete(key);
          deleted++;
        }
        page = [];
      };
      for await (const object of deps.storage.list(DOCUMENT_FILE_PREFIX)) {
        if (!DOCUMENT_FILE_KEY.test(object.key)) continue;
        examined++;
        if (object.lastModified.getTime() > cutoff) continue;
        page.push(object.key);
        if (page.length >= SWEEP_PAGE_SIZE) await sweepPage();
      }
      if (page.length > 0) await sweepPage();
      return { examined, deleted };
    },
  };
}
export type IngestionService = ReturnType<typeof createIngestionService>;

function unexpectedPart(part: IncomingPart): AppError {
  return ingestionRefusal(
    INGESTION_ERROR_KEYS.unexpectedPart,
    part.name,
    `Unexpected part ${part.name}: send only the metadata field, then the file.`,
  );
}

function documentUnderLegalHold(externalId: string): AppError {
  return new AppError(
    409,
    ERROR_KEYS.documentUnderLegalHold,
    `A legal hold keeps document ${externalId}: it cannot be deleted or changed.`,
  );
}

/** Whether an upload describes the stored document exactly (attributes in any order). */
function isSameDocument(stored: StoredIngestedDocument, sent: IngestedDocumentValues): boolean {
  const sorted = (attributes: Record<string, string>) => JSON.stringify(Object.entries(attributes).sort(([a], [b]) => a.localeCompare(b)));
  return (
    stored.contentHash === sent.contentHash &&
    stored.documentDate === sent.documentDate &&
    stored.language === sent.language &&
    sorted(stored.attributes) === sorted(sent.attributes)
  );
}

function documentNotFound(externalId: string): AppError {
  return new AppError(404, ERROR_KEYS.documentNotFound, `There is no document ${externalId} of this type.`);
}
