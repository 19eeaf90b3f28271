import { sql, type Insertable, type Kysely } from 'kysely';
import { requireAcceptedImage } from '../../services/accepted-image.js';
import { generateApiKeySecret } from '../../services/api-key-secret.js';
import { storeThumbnail } from '../../services/document-type-thumbnails.service.js';
import { createApiKeysRepository } from '../repositories/api-keys.repository.js';
import { createDocumentTypeThumbnailsRepository } from '../repositories/document-type-thumbnails.repository.js';
import { createDocumentsRepository, ownerSortPairs } from '../repositories/documents.repository.js';
import type {
  AttributeValueLabel,
  ClientsTable,
  ConnectionLogTable,
  Database,
  DocumentsTable,
  ExperiencesTable,
  FaqsTable,
  ReportAttributesTable,
  ReportDefinitionsTable,
  RepositoryDocumentsTable,
  UsersTable,
} from '../types.js';

/**
 * Row builders shared by the demo seed and the tests, so both make rows the same way.
 * Each takes the fields that matter to the caller and fills the rest with sensible values.
 */
export const ROLE_ROWS = [
  { code: 'USER', name_en: 'User', name_fr: 'Utilisateur', rank: 1 },
  { code: 'CUSTOMER_SERVICE', name_en: 'Customer service', name_fr: 'Service à la clientèle', rank: 2 },
  { code: 'ADMIN', name_en: 'Administrator', name_fr: 'Administrateur', rank: 3 },
  { code: 'INTERNAL', name_en: 'Internal', name_fr: 'Interne', rank: 4 },
  { code: 'SUPER_USER', name_en: 'Super user', name_fr: 'Super utilisateur', rank: 5 },
] as const;

export async function insertRoles(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('roles')
    .values([...ROLE_ROWS])
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

export async function insertClient(db: Kysely<Database>, fields: Partial<Insertable<ClientsTable>> & { code: string }): Promise<number> {
  const row = await db
    .insertInto('clients')
    .values({ name_en: fields.code, name_fr: fields.code, ...fields })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A division of a client; without a position, it goes after every other (positions are unique across clients). */
export async function insertExperience(
  db: Kysely<Database>,
  fields: Omit<Insertable<ExperiencesTable>, 'colors' | 'name_en' | 'name_fr' | 'position'> & {
    colors: Record<string, string>;
    name_en?: string;
    name_fr?: string;
    position?: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('experiences')
    .values({
      ...fields,
      name_en: fields.name_en ?? fields.code,
      name_fr: fields.name_fr ?? fields.code,
      position: fields.position ?? sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM experiences)`,
      colors: JSON.stringify(fields.colors),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertExperienceAsset(
  db: Kysely<Database>,
  experienceId: number,
  kind: string,
  content: { contentType: string; body: Uint8Array },
): Promise<void> {
  await db
    .insertInto('experience_assets')
    .values({ experience_id: experienceId, kind, content_type: content.contentType, content: content.body })
    .execute();
}

export async function insertUser(
  db: Kysely<Database>,
  fields: Partial<Insertable<UsersTable>> & Pick<Insertable<UsersTable>, 'username' | 'client_id' | 'experience_id'>,
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      first_name: 'Test',
      last_name: 'User',
      email: `${fields.username.toLowerCase()}@example.com`,
      role_code: 'USER',
      password_changed_at: new Date(),
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface AttributeSpec {
  name: string;
  en: string;
  fr: string;
  descriptionEn?: string;
  descriptionFr?: string;
  identifiesOwner?: boolean;
  showInColumn?: boolean;
  /** How the column sorts: numbers first (the default), or text alone. */
  ordering?: 'number' | 'text';
  /** Values that are words, with what each reads in either language. */
  valueLabels?: AttributeValueLabel[];
  /** Where the values are amounts of money: their currency. */
  currency?: string;
}

export async function insertReportDefinition(
  db: Kysely<Database>,
  fields: Omit<Insertable<ReportDefinitionsTable>, 'thumbnail' | 'display_properties'> & {
    /** The tile image's bytes (PNG, JPEG, WebP or ICO), stored and named as the console stores one. */
    thumbnail?: Buffer;
    attributes: AttributeSpec[];
  },
): Promise<{ reportId: number; attributeIds: Record<string, number> }> {
  const { attributes, thumbnail, ...report } = fields;
  const { id: reportId } = await db.insertInto('report_definitions').values(report).returning('id').executeTakeFirstOrThrow();
  if (thumbnail) {
    const image = { ...requireAcceptedImage(thumbnail), bytes: thumbnail };
    await storeThumbnail(createDocumentTypeThumbnailsRepository(db), reportId, image, db);
  }
  const rows: Insertable<ReportAttributesTable>[] = attributes.map((attribute, position) => ({
    report_id: reportId,
    name: attribute.name,
    display_name_en: attribute.en,
    display_name_fr: attribute.fr,
    description_en: attribute.descriptionEn ?? '',
    description_fr: attribute.descriptionFr ?? '',
    identifies_owner: attribute.identifiesOwner ?? false,
    show_in_column: attribute.showInColumn ?? true,
    ordering: attribute.ordering ?? 'number',
    value_labels: JSON.stringify(attribute.valueLabels ?? []),
    currency: attribute.currency ?? null,
    position,
  }));
  const inserted = await db.insertInto('report_attributes').values(rows).returning(['id', 'name']).execute();
  const documents = createDocumentsRepository(db);
  for (const attribute of attributes) {
    if (attribute.showInColumn ?? true) await documents.ensureSortIndex(attribute.name, { ordering: attribute.ordering });
    await documents.ensureSearchIndexes(attribute.name);
    if (attribute.identifiesOwner) await documents.ensureOwnerIndex(attribute.name);
  }
  const indexed = attributes.map((a) => ({
    name: a.name,
    identifies_owner: a.identifiesOwner ?? false,
    show_in_column: a.showInColumn ?? true,
    ordering: a.ordering ?? ('number' as const),
  }));
  for (const pair of ownerSortPairs(reportId, indexed)) await documents.ensureOwnerSortIndex(pair);
  return { reportId, attributeIds: Object.fromEntries(inserted.map((row) => [row.name, row.id])) };
}

export async function insertDocuments(
  db: Kysely<Database>,
  rows: (Omit<Insertable<DocumentsTable>, 'attributes'> & { attributes: Record<string, string> })[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('documents')
    .values(rows.map((row) => ({ ...row, attributes: JSON.stringify(row.attributes) })))
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

/** Gives a user access to a document type, restricted to the documents matching any of the groups. */
export async function grantReportAccess(
  db: Kysely<Database>,
  userId: number,
  reportId: number,
  groups: Record<number, string>[],
): Promise<void> {
  const { id: accessId } = await db
    .insertInto('report_access')
    .values({ user_id: userId, report_id: reportId, has_access: groups.length > 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const criteria = groups.flatMap((group, groupNumber) =>
    Object.entries(group).map(([attributeId, value]) => ({
      access_id: accessId,
      group_number: groupNumber,
      attribute_id: Number(attributeId),
      value,
    })),
  );
  if (criteria.length > 0) await db.insertInto('access_criteria').values(criteria).execute();
}

/** Marks documents opened by a user, exactly as the portal does when they are previewed or downloaded. */
export function markViewed(db: Kysely<Database>, userId: number, documentIds: number[]): Promise<void> {
  return createDocumentsRepository(db).markViewed(userId, documentIds);
}

/** Questions and answers of the help page; without a client, every client's people see them. */
export async function insertFaqs(db: Kysely<Database>, rows: Insertable<FaqsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('faqs').values(rows).execute();
}

/** A help document in both languages, whose files are already in storage; without a client, every client's people see it. */
export async function insertRepositoryDocument(db: Kysely<Database>, fields: Insertable<RepositoryDocumentsTable>): Promise<number> {
  const row = await db.insertInto('repository_documents').values(fields).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Sign-in attempts as the sign-in steps log them, at chosen moments (the real steps log them at now()). */
export async function insertConnectionLog(
  db: Kysely<Database>,
  rows: (Partial<Insertable<ConnectionLogTable>> & Pick<Insertable<ConnectionLogTable>, 'user_id' | 'occurred_at'>)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('connection_log')
    .values(rows.map((row) => ({ username_attempted: '', succeeded: true, reason: 'signed-in', ...row })))
    .execute();
}

/** A live API key made exactly as the portal makes one; the secret is returned once, as people are shown it. */
export async function insertApiKey(
  db: Kysely<Database>,
  fields: { clientId: number; name?: string; reportIds?: number[] | null; createdBy?: number | null },
): Promise<{ id: number; secret: string }> {
  const { secret, hash, prefix } = generateApiKeySecret();
  const id = await createApiKeysRepository(db).insert({
    clientId: fields.clientId,
    name: fields.name ?? 'Back office',
    prefix,
    hash,
    reportIds: fields.reportIds ?? null,
    createdBy: fields.createdBy ?? null,
  });
  return { id, secret };
}
