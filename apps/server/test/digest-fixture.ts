import type { RoleCode } from '@portal/contract';
import {
  grantReportAccess,
  insertClient,
  insertDocuments,
  insertExperience,
  insertReportDefinition,
  insertUser,
} from '../src/db/seed/factories.js';
import { hashPassword } from '../src/services/passwords.js';
import { DEMO_PASSWORD, type TestApp } from './test-app.js';

export const HOUR_MS = 3_600_000;

/** The experience the fixture's people belong to, named differently in each language. */
export const BRAND = { code: 'DIGEST', nameEn: 'Harbour Savings', nameFr: 'Épargne du Port' } as const;

export const TYPES = {
  statements: { code: 'DG-STMT', titleEn: 'Statements', titleFr: 'Relevés' },
  taxSlips: { code: 'DG-TAX', titleEn: 'Tax slips', titleFr: 'Feuillets fiscaux' },
  /** A type of the client the readers were given no access to. */
  letters: { code: 'DG-LETTER', titleEn: 'Letters', titleFr: 'Lettres' },
} as const;
/** Another client's type: its documents carry the readers' owner number, yet they are not theirs. */
export const FOREIGN_TYPE = { code: 'DG-BILL', titleEn: 'Bills', titleFr: 'Factures' } as const;

/** The readers' own documents carry this owner number; their tax-slip access also has a postal-code group. */
export const OWNER = { accountNumber: 'DG-100', postalCode: 'P1P 1P1' };
export const OTHER_OWNER = { accountNumber: 'DG-200', postalCode: 'Q2Q 2Q2' };

export interface PersonOptions {
  language?: 'en' | 'fr';
  role?: RoleCode;
  /** The digest chosen, its window begun this many hours ago. */
  digest?: { frequency: 'daily' | 'weekly'; windowHours: number };
}

export interface DigestFixture {
  clientId: number;
  experienceId: number;
  reportIds: Record<string, number>;
  foreignReportId: number;
  /** A USER of the client (password: the demo one) with the readers' access. */
  addReader(username: string, options?: PersonOptions): Promise<number>;
  /** A person of the client with no access at all. */
  addPerson(username: string, options?: PersonOptions): Promise<number>;
}

/**
 * A client of its own, made with the seed factories: three types (the readers see two, one of
 * them through two criteria groups), and another client's type.
 */
export async function createDigestFixture(t: TestApp): Promise<DigestFixture> {
  const db = t.database.db;
  const clientId = await insertClient(db, { code: 'DIGEST' });
  const experienceId = await insertExperience(db, {
    code: BRAND.code,
    client_id: clientId,
    name_en: BRAND.nameEn,
    name_fr: BRAND.nameFr,
    colors: { primary: '#0b6e4f', title: '#123456' },
  });
  const attributes = [
    { name: 'accountNumber', en: 'Account number', fr: 'Numéro de compte', identifiesOwner: true },
    { name: 'postalCode', en: 'Postal code', fr: 'Code postal', identifiesOwner: true },
  ];
  const reportIds: Record<string, number> = {};
  const attributeIds: Record<string, Record<string, number>> = {};
  for (const [position, type] of Object.values(TYPES).entries()) {
    const report = await insertReportDefinition(db, {
      client_id: clientId,
      code: type.code,
      title_en: type.titleEn,
      title_fr: type.titleFr,
      position,
      attributes,
    });
    reportIds[type.code] = report.reportId;
    attributeIds[type.code] = report.attributeIds;
  }
  const foreignClientId = await insertClient(db, { code: 'DIGEST-OTHER' });
  const foreign = await insertReportDefinition(db, {
    client_id: foreignClientId,
    code: FOREIGN_TYPE.code,
    title_en: FOREIGN_TYPE.titleEn,
    title_fr: FOREIGN_TYPE.titleFr,
    position: 0,
    attributes,
  });

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const addPerson = (username: string, options: PersonOptions = {}) =>
    insertUser(db, {
      username,
      role_code: options.role ?? 'USER',
      client_id: clientId,
      experience_id: experienceId,
      contact_language: options.language ?? 'en',
      password_hash: passwordHash,
      ...(options.digest && {
        digest_frequency: options.digest.frequency,
        digest_since: new Date(Date.now() - options.digest.windowHours * HOUR_MS),
      }),
    });
  const addReader = async (username: string, options: PersonOptions = {}) => {
    const userId = await addPerson(username, options);
    const { statements, taxSlips } = TYPES;
    await grantReportAccess(db, userId, reportIds[statements.code]!, [
      { [attributeIds[statements.code]!.accountNumber!]: OWNER.accountNumber },
    ]);
    await grantReportAccess(db, userId, reportIds[taxSlips.code]!, [
      { [attributeIds[taxSlips.code]!.accountNumber!]: OWNER.accountNumber },
      { [attributeIds[taxSlips.code]!.postalCode!]: OWNER.postalCode },
    ]);
    return userId;
  };
  return { clientId, experienceId, reportIds, foreignReportId: foreign.reportId, addReader, addPerson };
}

/** Documents that arrived at a chosen moment (the portal stamps created_at when a document arrives). */
export function insertArrivals(t: TestApp, reportId: number, arrivedAt: Date, owners: Record<string, string>[]): Promise<number[]> {
  return insertDocuments(
    t.database.db,
    owners.map((attributes, index) => ({
      report_id: reportId,
      document_date: new Date(arrivedAt.getTime() - index * 86_400_000).toISOString().slice(0, 10),
      attributes,
      file_key: 'fixture/digest.pdf',
      created_at: arrivedAt,
    })),
  );
}

/** Moves a person's digest window back, as if its last digest had gone that long ago. */
export async function startWindowAgo(t: TestApp, userId: number, hours: number): Promise<void> {
  await t.database.db
    .updateTable('users')
    .set({ digest_since: new Date(Date.now() - hours * HOUR_MS) })
    .where('id', '=', userId)
    .execute();
}

export async function digestStateOf(t: TestApp, userId: number) {
  return t.database.db.selectFrom('users').select(['digest_frequency', 'digest_since']).where('id', '=', userId).executeTakeFirstOrThrow();
}
