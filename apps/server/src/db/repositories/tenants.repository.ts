import { sql, type Kysely } from 'kysely';
import type { BrandColors, CustomerViewDocuments, RoleCode } from '@portal/contract';
import type { ClientScope } from '../../domain/client-scope.js';
import type { Database } from '../types.js';

export interface TenantClientRow {
  id: number;
  code: string;
  name_en: string;
  name_fr: string;
  onboarding_enabled: boolean;
  block_duplicates: boolean;
  sms_mfa_active: boolean;
  trusted_devices_allowed: boolean;
  customer_view_documents: CustomerViewDocuments;
  role_names: { role: RoleCode; name_en: string; name_fr: string }[];
  experiences: { id: number; code: string; name_en: string; name_fr: string }[];
}

export interface TenantClientValues {
  nameEn: string;
  nameFr: string;
  onboardingEnabled: boolean;
  blockDuplicates: boolean;
  smsAllowed: boolean;
  trustedDevicesAllowed?: boolean;
  customerViewDocuments?: CustomerViewDocuments;
}

export interface BrandRow {
  id: number;
  code: string;
  client_id: number;
  name_en: string;
  name_fr: string;
  app_title: string | null;
  colors: BrandColors;
}

/** An experience's brand with the images it has of its own. */
export interface BrandWithImages extends BrandRow {
  images: { kind: string; content_hash: string }[];
}

export interface BrandValues {
  nameEn: string;
  nameFr: string;
  appTitle: string | null;
  colors: BrandColors;
}

/** One tenant text in both languages, and whether registration shows it. */
export interface TenantTextRow {
  area: 'client' | 'experience' | 'roleName' | 'documentType' | 'attribute' | 'faq' | 'repositoryDocument';
  id: string;
  field: 'name' | 'title' | 'displayName' | 'description' | 'question' | 'answer';
  label: string;
  en: string;
  fr: string;
  shown_at_registration: boolean;
}

/** Clients and their experiences as the tenant console reads and changes them. */
export function createTenantsRepository(db: Kysely<Database>) {
  const clients = (from: Kysely<Database>) =>
    from.selectFrom('clients as c').select([
      'c.id',
      'c.code',
      'c.name_en',
      'c.name_fr',
      'c.onboarding_enabled',
      'c.block_duplicates',
      'c.sms_mfa_active',
      'c.trusted_devices_allowed',
      'c.customer_view_documents',
      sql<TenantClientRow['role_names']>`(
          SELECT coalesce(jsonb_agg(jsonb_build_object('role', r.role_code, 'name_en', r.name_en, 'name_fr', r.name_fr)
            ORDER BY r.role_code), '[]'::jsonb)
          FROM client_role_names r WHERE r.client_id = c.id)`.as('role_names'),
      sql<TenantClientRow['experiences']>`(
          SELECT coalesce(jsonb_agg(jsonb_build_object('id', e.id, 'code', e.code, 'name_en', e.name_en, 'name_fr', e.name_fr)
            ORDER BY e.position), '[]'::jsonb)
          FROM experiences e WHERE e.client_id = c.id)`.as('experiences'),
    ]);

  return {
    listClients(scope: ClientScope): Promise<TenantClientRow[]> {
      let query = clients(db).orderBy('c.id');
      if (scope.kind === 'ownClient') query = query.where('c.id', '=', scope.clientId);
      return query.execute();
    },

    findClient(id: number, trx: Kysely<Database> = db): Promise<TenantClientRow | undefined> {
      return clients(trx).where('c.id', '=', id).executeTakeFirst();
    },

    /** Locks the client's row for the change, so two saves never interleave their audit snapshots. */
    async lockClient(id: number, trx: Kysely<Database>): Promise<boolean> {
      const row = await trx.selectFrom('clients').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      return row !== undefined;
    },

    async updateClient(id: number, values: TenantClientValues, trx: Kysely<Database>): Promise<void> {
      await trx
        .updateTable('clients')
        .set({
          name_en: values.nameEn,
          name_fr: values.nameFr,
          onboarding_enabled: values.onboardingEnabled,
          block_duplicates: values.blockDuplicates,
          sms_mfa_active: values.smsAllowed,
          ...(values.trustedDevicesAllowed !== undefined && { trusted_devices_allowed: values.trustedDevicesAllowed }),
          ...(values.customerViewDocuments !== undefined && { customer_view_documents: values.customerViewDocuments }),
        })
        .where('id', '=', id)
        .execute();
    },

    async replaceRoleNames(clientId: number, names: { role: RoleCode; nameEn: string; nameFr: string }[], trx: Kysely<Database>) {
      await trx.deleteFrom('client_role_names').where('client_id', '=', clientId).execute();
      if (names.length === 0) return;
      await trx
        .insertInto('client_role_names')
        .values(names.map((name) => ({ client_id: clientId, role_code: name.role, name_en: name.nameEn, name_fr: name.nameFr })))
        .execute();
    },

    findBrand(id: number, trx: Kysely<Database> = db): Promise<BrandRow | undefined> {
      return trx
        .selectFrom('experiences')
        .select(['id', 'code', 'client_id', 'name_en', 'name_fr', 'app_title', sql<BrandColors>`colors`.as('colors')])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async lockBrand(id: number, trx: Kysely<Database>): Promise<void> {
      await trx.selectFrom('experiences').select('id').where('id', '=', id).forUpdate().execute();
    },

    async updateBrand(id: number, values: BrandValues, trx: Kysely<Database>): Promise<void> {
      await trx
        .updateTable('experiences')
        .set({ name_en: values.nameEn, name_fr: values.nameFr, app_title: values.appTitle, colors: JSON.stringify(values.colors) })
        .where('id', '=', id)
        .execute();
    },

    /** The experience's own images: kind and the hash of the bytes. */
    listImages(experienceId: number, trx: Kysely<Database> = db): Promise<{ kind: string; content_hash: string }[]> {
      return trx.selectFrom('experience_assets').select(['kind', 'content_hash']).where('experience_id', '=', experienceId).execute();
    },

    async saveImage(experienceId: number, image: { kind: string; contentType: string; bytes: Buffer }, trx: Kysely<Database>) {
      await trx
        .insertInto('experience_assets')
        .values({ experience_id: experienceId, kind: image.kind, content_type: image.contentType, content: image.bytes })
        .onConflict((conflict) =>
          conflict
            .columns(['experience_id', 'kind'])
            .doUpdateSet({ content_type: image.contentType, content: image.bytes, updated_at: sql`now()` }),
        )
        .execute();
    },

    async deleteImage(experienceId: number, kind: string, trx: Kysely<Database>): Promise<void> {
      await trx.deleteFrom('experience_assets').where('experience_id', '=', experienceId).where('kind', '=', kind).execute();
    },

    /**
     * Every text of the client that exists in two languages. Registration shows the client's and
     * its experiences' names, the titles of its types open to onboarding and the names and
     * descriptions of the attributes that identify an owner.
     */
    async listTexts(clientId: number, trx: Kysely<Database> = db): Promise<TenantTextRow[]> {
      const result = await sql<TenantTextRow>`
        SELECT 'client' AS area, c.id::text AS id, 'name' AS field, c.code AS label, c.name_en AS en, c.name_fr AS fr,
               true AS shown_at_registration
          FROM clients c WHERE c.id = ${clientId}
        UNION ALL
        SELECT 'experience', e.id::text, 'name', e.code, e.name_en, e.name_fr, true
          FROM experiences e WHERE e.client_id = ${clientId}
        UNION ALL
        SELECT 'roleName', r.role_code, 'name', r.role_code, r.name_en, r.name_fr, false
          FROM client_role_names r WHERE r.client_id = ${clientId}
        UNION ALL
        SELECT 'documentType', rd.id::text, 'title', rd.code, rd.title_en, rd.title_fr, rd.onboarding_enabled
          FROM report_definitions rd WHERE rd.client_id = ${clientId}
        UNION ALL
        SELECT 'attribute', a.id::text, f.field, rd.code || ' · ' || a.name, f.en, f.fr, rd.onboarding_enabled AND a.identifies_owner
          FROM report_attributes a
          JOIN report_definitions rd ON rd.id = a.report_id
          CROSS JOIN LATERAL (VALUES ('displayName', a.display_name_en, a.display_name_fr),
                                     ('description', a.description_en, a.description_fr)) AS f(field, en, fr)
          WHERE rd.client_id = ${clientId}
        UNION ALL
        SELECT 'faq', q.id::text, f.field, q.question_en, f.en, f.fr, false
          FROM faqs q
          CROSS JOIN LATERAL (VALUES ('question', q.question_en, q.question_fr), ('answer', q.answer_en, q.answer_fr)) AS f(field, en, fr)
          WHERE q.client_id = ${clientId}
        UNION ALL
        SELECT 'repositoryDocument', d.id::text, 'name', d.name_en, d.name_en, d.name_fr, false
          FROM repository_documents d WHERE d.client_id = ${clientId}
      `.execute(trx);
      return result.rows;
    },
  };
}
export type TenantsRepository = ReturnType<typeof createTenantsRepository>;
