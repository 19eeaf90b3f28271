import {
  checkBrandContrast,
  CONSOLE_TENANT_ERROR_KEYS,
  ERROR_KEYS,
  OPTIONAL_BRAND_IMAGE_KINDS,
  type BrandAssetKind,
  type UpdateConsoleBrandRequest,
  type UpdateConsoleClientRequest,
} from '@portal/contract';
import type { AuditLogRepository } from '../db/repositories/audit-log.repository.js';
import type { BrandRow, BrandWithImages, TenantClientRow, TenantsRepository } from '../db/repositories/tenants.repository.js';
import type { Transact, Tx } from '../db/transact.js';
import { isClientInScope } from '../domain/client-scope.js';
import { AppError } from '../errors.js';
import { requireTenantClient, requireTenantScope, type Actor } from './permissions.js';
import { requireAcceptedImage } from './accepted-image.js';
import { findIncompleteTexts, type IncompleteTenantText } from './tenant-texts.js';

const clientNotFound = () => new AppError(404, CONSOLE_TENANT_ERROR_KEYS.clientNotFound, 'There is no such client.');
const experienceNotFound = () => new AppError(404, CONSOLE_TENANT_ERROR_KEYS.experienceNotFound, 'There is no such experience.');

/** What the audit log keeps of a client's settings. */
function clientSnapshot(row: TenantClientRow) {
  return {
    clientId: row.id,
    code: row.code,
    nameEn: row.name_en,
    nameFr: row.name_fr,
    onboardingEnabled: row.onboarding_enabled,
    blockDuplicates: row.block_duplicates,
    smsAllowed: row.sms_mfa_active,
    trustedDevicesAllowed: row.trusted_devices_allowed,
    customerViewDocuments: row.customer_view_documents,
    roleNames: row.role_names.map((name) => ({ role: name.role, nameEn: name.name_en, nameFr: name.name_fr })),
  };
}

function brandSnapshot(row: BrandRow) {
  return {
    experienceId: row.id,
    code: row.code,
    clientId: row.client_id,
    nameEn: row.name_en,
    nameFr: row.name_fr,
    appTitle: row.app_title,
    colors: row.colors,
  };
}

/**
 * The tenant console's clients and brands. Changes are read from the database on every request
 * (branding, menus and registration read the rows themselves), so every instance shows a saved
 * change on its next request.
 */
export function createTenantConsoleService(deps: { tenants: TenantsRepository; audit: AuditLogRepository; transact: Transact }) {
  /** The experience, if the person may configure it; another client's answers exactly as one that does not exist. */
  async function requireBrand(actor: Actor, experienceId: number, trx?: Tx): Promise<BrandRow> {
    const scope = requireTenantScope(actor);
    const brand = await deps.tenants.findBrand(experienceId, trx);
    if (!brand || !isClientInScope(scope, brand.client_id)) throw experienceNotFound();
    return brand;
  }

  async function withImages(brand: BrandRow, trx?: Tx): Promise<BrandWithImages> {
    return { ...brand, images: await deps.tenants.listImages(brand.id, trx) };
  }

  /** One image replaced or removed, audited by its hash (never its bytes), in one transaction. */
  async function changeImage(
    actor: Actor,
    experienceId: number,
    kind: BrandAssetKind,
    image: { contentType: string; bytes: Buffer } | null,
  ) {
    return deps.transact(async (trx) => {
      await deps.tenants.lockBrand(experienceId, trx);
      const brand = await requireBrand(actor, experienceId, trx);
      const hashOf = async () =>
        (await deps.tenants.listImages(experienceId, trx)).find((held) => held.kind === kind)?.content_hash ?? null;
      const before = await hashOf();
      if (image) await deps.tenants.saveImage(experienceId, { kind, ...image }, trx);
      else await deps.tenants.deleteImage(experienceId, kind, trx);
      const after = await hashOf();
      await deps.audit.record(
        {
          actorUserId: actor.id,
          action: 'updateExperience',
          targetUserId: null,
          clientId: brand.client_id,
          before: { experienceId, code: brand.code, image: kind, contentHash: before },
          after: { experienceId, code: brand.code, image: kind, contentHash: after, contentType: image?.contentType ?? null },
        },
        trx,
      );
      return withImages(brand, trx);
    });
  }

  async function incompleteTextsOf(clientId: number, trx?: Parameters<TenantsRepository['listTexts']>[1]): Promise<IncompleteTenantText[]> {
    return findIncompleteTexts(await deps.tenants.listTexts(clientId, trx));
  }

  return {
    listClients(actor: Actor): Promise<TenantClientRow[]> {
      return deps.tenants.listClients(requireTenantScope(actor));
    },

    async updateClient(actor: Actor, clientId: number, input: UpdateConsoleClientRequest): Promise<TenantClientRow> {
      requireTenantClient(actor, clientId);
      return deps.transact(async (trx) => {
        if (!(await deps.tenants.lockClient(clientId, trx))) throw clientNotFound();
        const before = (await deps.tenants.findClient(clientId, trx))!;
        const roles = input.roleNames.map((name) => name.role);
        if (new Set(roles).size !== roles.length) throw new AppError(400, ERROR_KEYS.validation, 'A role is named twice.');
        await deps.tenants.updateClient(clientId, input, trx);
        await deps.tenants.replaceRoleNames(clientId, input.roleNames, trx);
        if (input.onboardingEnabled) {
          // Checked on the texts as this change leaves them: a client renamed in one language only is caught too.
          const blocking = (await incompleteTextsOf(clientId, trx)).filter((text) => text.shown_at_registration);
          if (blocking.length > 0) {
            throw new AppError(
              400,
              CONSOLE_TENANT_ERROR_KEYS.textsIncomplete,
              'Texts that registration shows are missing or untranslated.',
              {
                incomplete: blocking.map((text) => ({
                  area: text.area,
                  id: text.id,
                  field: text.field,
                  label: text.label,
                  problem: text.problem,
                })),
              },
            );
          }
        }
        const after = (await deps.tenants.findClient(clientId, trx))!;
        await deps.audit.record(
          {
            actorUserId: actor.id,
            action: 'updateClient',
            targetUserId: null,
            clientId,
            before: clientSnapshot(before),
            after: clientSnapshot(after),
          },
          trx,
        );
        return after;
      });
    },

    async completeness(actor: Actor, clientId: number): Promise<{ complete: boolean; incomplete: IncompleteTenantText[] }> {
      requireTenantClient(actor, clientId);
      if (!(await deps.tenants.findClient(clientId))) throw clientNotFound();
      const incomplete = await incompleteTextsOf(clientId);
      return { complete: incomplete.length === 0, incomplete };
    },

    /** Another client's experience answers exactly as one that does not exist. */
    async getBrand(actor: Actor, experienceId: number): Promise<BrandWithImages> {
      return withImages(await requireBrand(actor, experienceId));
    },

    /** Checks the person may configure the experience, before an upload to it is read. */
    async requireBrandAccess(actor: Actor, experienceId: number): Promise<void> {
      await requireBrand(actor, experienceId);
    },

    /** A PNG, JPEG, WebP or ICO image, recognised by its bytes and within the size limits. */
    replaceImage(actor: Actor, experienceId: number, kind: BrandAssetKind, bytes: Buffer): Promise<BrandWithImages> {
      const image = requireAcceptedImage(bytes);
      return changeImage(actor, experienceId, kind, { contentType: image.contentType, bytes });
    },

    /** Only the optional English variants may go; the others are replaced, never removed. */
    removeImage(actor: Actor, experienceId: number, kind: BrandAssetKind): Promise<BrandWithImages> {
      if (!(OPTIONAL_BRAND_IMAGE_KINDS as readonly string[]).includes(kind)) {
        throw new AppError(400, CONSOLE_TENANT_ERROR_KEYS.imageRequired, 'This image can be replaced, not removed.');
      }
      return changeImage(actor, experienceId, kind, null);
    },

    /** The contrast gate: a brand whose colours fail WCAG 2.2 AA is refused with the pairs and the shades that would pass. */
    async updateBrand(actor: Actor, experienceId: number, input: UpdateConsoleBrandRequest): Promise<BrandWithImages> {
      requireTenantScope(actor);
      return deps.transact(async (trx) => {
        await deps.tenants.lockBrand(experienceId, trx);
        const before = await requireBrand(actor, experienceId, trx);
        const contrast = checkBrandContrast(input.colors);
        if (!contrast.passes) {
          throw new AppError(
            400,
            CONSOLE_TENANT_ERROR_KEYS.contrastFailing,
            'Some colours of this brand do not reach WCAG 2.2 AA contrast.',
            {
              failing: contrast.failing.map((pair) => ({
                id: pair.id,
                foreground: pair.foreground,
                background: pair.background,
                ratio: Math.round(pair.ratio * 100) / 100,
                minimum: pair.minimum,
              })),
              suggestions: contrast.suggestions,
            },
          );
        }
        await deps.tenants.updateBrand(experienceId, input, trx);
        const after = (await deps.tenants.findBrand(experienceId, trx))!;
        await deps.audit.record(
          {
            actorUserId: actor.id,
            action: 'updateExperience',
            targetUserId: null,
            clientId: after.client_id,
            before: brandSnapshot(before),
            after: brandSnapshot(after),
          },
          trx,
        );
        return withImages(after, trx);
      });
    },
  };
}
export type TenantConsoleService = ReturnType<typeof createTenantConsoleService>;
