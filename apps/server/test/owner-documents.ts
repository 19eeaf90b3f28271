import { buildDemoPdf } from '../src/db/seed/demo-pdf.js';
import { grantReportAccess, insertDocuments } from '../src/db/seed/factories.js';
import { createFileStorage } from '../src/transports/storage/file-storage.js';
import type { TestApp } from './test-app.js';

/** An owner as its documents print it: the owner number and the postal code that identify it. */
export interface TestOwner {
  number: string;
  postalCode: string;
}

const FILE_KEY = 'fixture/owner-document.pdf';

/** A seeded type's id and its attribute ids by name; the first two identifying attributes are the owner number and postal code. */
export async function typeOf(t: TestApp, reportCode: string) {
  const db = t.database.db;
  const report = await db.selectFrom('report_definitions').select('id').where('code', '=', reportCode).executeTakeFirstOrThrow();
  const attributes = await db
    .selectFrom('report_attributes')
    .select(['id', 'name', 'identifies_owner'])
    .where('report_id', '=', report.id)
    .orderBy('position')
    .execute();
  const [numberName, postalCodeName] = attributes.filter((a) => a.identifies_owner).map((a) => a.name);
  return {
    id: report.id,
    attributeIds: Object.fromEntries(attributes.map((a) => [a.name, a.id])),
    numberName: numberName!,
    postalCodeName: postalCodeName!,
  };
}

/**
 * Documents of a new owner in a seeded type, one for each entry of `details` (its other values),
 * made with the seed factories: a test then counts what it made, not what the demo holds.
 */
export async function insertOwnerDocuments(
  t: TestApp,
  reportCode: string,
  owner: TestOwner,
  details: Record<string, string>[],
): Promise<number[]> {
  const type = await typeOf(t, reportCode);
  const pdf = {
    brandName: 'Test',
    primaryHex: '#1f4e79',
    titleEn: 'Document',
    titleFr: 'Document',
    documentDate: '2026-01-01',
    fields: [],
    pageCount: 1,
  };
  await createFileStorage(t.config.documentsDir).put(FILE_KEY, await buildDemoPdf(pdf));
  return insertDocuments(
    t.database.db,
    details.map((detail, index) => ({
      report_id: type.id,
      document_date: new Date(Date.UTC(2026, 10 - index, 1)).toISOString().slice(0, 10),
      attributes: { [type.numberName]: owner.number, [type.postalCodeName]: owner.postalCode, ...detail },
      file_key: FILE_KEY,
    })),
  );
}

/** Gives a user the documents of a seeded type that match any of the groups (attribute name → value). */
export async function grantAccessByName(t: TestApp, userId: number, reportCode: string, groups: Record<string, string>[]): Promise<void> {
  const type = await typeOf(t, reportCode);
  const byId = groups.map((group) => Object.fromEntries(Object.entries(group).map(([name, value]) => [type.attributeIds[name]!, value])));
  await grantReportAccess(t.database.db, userId, type.id, byId);
}
