import type { RoleCode } from '@portal/contract';
import { buildDemoPdf } from '../src/db/seed/demo-pdf.js';
import {
  grantReportAccess,
  insertClient,
  insertDocuments,
  insertExperience,
  insertFaqs,
  insertReportDefinition,
  insertRepositoryDocument,
  insertUser,
  markViewed,
  type AttributeSpec,
} from '../src/db/seed/factories.js';
import { hashPassword } from '../src/services/passwords.js';
import { createFileStorage } from '../src/transports/storage/file-storage.js';
import { DEMO_PASSWORD, type TestApp } from './test-app.js';

/**
 * The owners of every type's documents; the reader is the first. The others' documents reach
 * further back, so that the oldest date the reader is shown can only be one of its own.
 */
export const OWNERS = [
  { number: 'AC-100200', postalCode: 'A1A 1A1', documents: 24, monthsBack: 0 },
  { number: 'AC-100201', postalCode: 'B2B 2B2', documents: 10, monthsBack: 20 },
  { number: 'AC-100202', postalCode: 'C3C 3C3', documents: 10, monthsBack: 20 },
  { number: 'AC-100203', postalCode: 'E4E 4E4', documents: 10, monthsBack: 20 },
] as const;
export const READER_OWNER = OWNERS[0];

/** Amounts whose order as text is not their order as numbers. */
const AMOUNTS = ['5.00', '12.50', '100.25', '2.75', '1500.00', '33.10', '0.99', '250.00', '9.99'];

interface FixtureType {
  code: string;
  titleEn: string;
  titleFr: string;
  /** The attribute that describes a document beyond its owner, and its values in turn. */
  detail: AttributeSpec;
  values: string[];
  /** How many of its own documents of this type the reader has opened; null: the reader may not see the type. */
  readerViewed: number | null;
}

export const TYPES = {
  statements: {
    code: 'ACME-STMT',
    titleEn: 'Account statements',
    titleFr: 'Relevés de compte',
    detail: { name: 'closingBalance', en: 'Closing balance', fr: 'Solde de clôture' },
    values: AMOUNTS,
    readerViewed: 7,
  },
  taxSlips: {
    code: 'ACME-TAX',
    titleEn: 'Tax slips',
    titleFr: 'Feuillets fiscaux',
    detail: { name: 'slipType', en: 'Slip type', fr: 'Type de feuillet' },
    values: ['T5', 'RL-3', 'T4RSP', 'NR4'],
    readerViewed: 11,
  },
  notices: {
    code: 'ACME-NOTICE',
    titleEn: 'Notices',
    titleFr: 'Avis',
    detail: { name: 'noticeType', en: 'Notice type', fr: "Type d'avis" },
    values: ['Rate change', 'Renewal', 'Confirmation'],
    readerViewed: 5,
  },
  letters: {
    code: 'ACME-LETTER',
    titleEn: 'Letters',
    titleFr: 'Lettres',
    detail: { name: 'letterType', en: 'Letter type', fr: 'Type de lettre' },
    values: ['Welcome', 'Reminder'],
    readerViewed: null,
  },
} satisfies Record<string, FixtureType>;

const OWNER_ATTRIBUTES: AttributeSpec[] = [
  { name: 'accountNumber', en: 'Account number', fr: 'Numéro de compte', identifiesOwner: true },
  { name: 'postalCode', en: 'Postal code', fr: 'Code postal', identifiesOwner: true, showInColumn: false },
];

export interface FixtureDocument {
  id: number;
  date: string;
  attributes: Record<string, string>;
}

/** What the fixture made, for tests to derive the numbers they expect. */
export interface DocumentsFixture {
  reader: string;
  staff: string;
  experienceCode: string;
  /** Every document of each type, by type code, in the order made. */
  documents: Record<string, FixtureDocument[]>;
  reportIds: Record<string, number>;
  attributeIds: Record<string, Record<string, number>>;
  /** A document of another client's type; it carries the reader's own owner number, yet no one of this client may open it. */
  foreignDocument: { id: number; reportCode: string };
  /** Help content of the client, and of the other client (which this client's people must not see). */
  help: {
    faqQuestionEn: string;
    foreignFaqQuestionEn: string;
    documentId: number;
    documentNames: { en: string; fr: string };
    foreignDocumentId: number;
  };
  /** Another person of the client, with the demo password and no access yet. */
  addPerson(username: string, role?: RoleCode): Promise<number>;
}

/** The first day of the month, `monthsAgo` months before November 2026. */
const monthStart = (monthsAgo: number) => new Date(Date.UTC(2026, 10 - monthsAgo, 1)).toISOString().slice(0, 10);

/**
 * A client of its own, made with the seed factories: the types above with every owner's
 * documents, a reader (USER) who owns the first owner's documents and has opened some of them,
 * a staff member (ADMIN), help content; and another client with a type and help content of its own.
 */
export async function createDocumentsFixture(t: TestApp): Promise<DocumentsFixture> {
  const db = t.database.db;
  const storage = createFileStorage(t.config.documentsDir);
  const fileKeys = [1, 2, 3].map((pages) => `fixture/documents/${pages}-pages.pdf`);
  for (const [index, key] of fileKeys.entries()) {
    const pdf = { brandName: 'Acme', primaryHex: '#1f4e79', documentDate: '2026-01-01', fields: [], pageCount: index + 1 };
    await storage.put(key, await buildDemoPdf({ ...pdf, titleEn: 'Document', titleFr: 'Document' }));
  }

  const clientId = await insertClient(db, { code: 'ACME', onboarding_enabled: true });
  const experienceCode = 'ACME';
  const experienceId = await insertExperience(db, {
    code: experienceCode,
    client_id: clientId,
    colors: { primary: '#1f4e79', title: '#1f2329' },
  });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const addPerson = (username: string, role: RoleCode = 'USER') =>
    insertUser(db, { username, role_code: role, client_id: clientId, experience_id: experienceId, password_hash: passwordHash });
  const readerId = await addPerson('acme.reader');
  await addPerson('acme.staff', 'ADMIN');

  const documents: Record<string, FixtureDocument[]> = {};
  const reportIds: Record<string, number> = {};
  const attributeIds: Record<string, Record<string, number>> = {};
  for (const [position, type] of Object.values(TYPES).entries()) {
    const report = await insertReportDefinition(db, {
      client_id: clientId,
      code: type.code,
      title_en: type.titleEn,
      title_fr: type.titleFr,
      position,
      attributes: [...OWNER_ATTRIBUTES, type.detail],
    });
    reportIds[type.code] = report.reportId;
    attributeIds[type.code] = report.attributeIds;
    const rows = OWNERS.flatMap((owner) =>
      Array.from({ length: owner.documents }, (_, index) => ({
        report_id: report.reportId,
        document_date: monthStart(index + owner.monthsBack),
        attributes: {
          accountNumber: owner.number,
          postalCode: owner.postalCode,
          [type.detail.name]: type.values[index % type.values.length]!,
        },
        file_key: fileKeys[index % fileKeys.length]!,
        page_count: (index % fileKeys.length) + 1,
      })),
    );
    const ids = await insertDocuments(db, rows);
    documents[type.code] = rows.map((row, index) => ({ id: ids[index]!, date: row.document_date, attributes: row.attributes }));
    if (type.readerViewed === null) continue;
    await grantReportAccess(db, readerId, report.reportId, [{ [report.attributeIds.accountNumber!]: READER_OWNER.number }]);
    const own = documents[type.code]!.filter((document) => document.attributes.accountNumber === READER_OWNER.number);
    await markViewed(
      db,
      readerId,
      own.slice(0, type.readerViewed).map((document) => document.id),
    );
  }

  const foreignClientId = await insertClient(db, { code: 'OTHER' });
  const foreignReport = await insertReportDefinition(db, {
    client_id: foreignClientId,
    code: 'OTHER-BILL',
    title_en: 'Bills',
    title_fr: 'Factures',
    position: 0,
    attributes: OWNER_ATTRIBUTES,
  });
  const [foreignDocumentId] = await insertDocuments(db, [
    {
      report_id: foreignReport.reportId,
      document_date: monthStart(0),
      attributes: { accountNumber: READER_OWNER.number, postalCode: READER_OWNER.postalCode },
      file_key: fileKeys[0]!,
    },
  ]);

  const documentNames = { en: 'Acme member handbook', fr: 'Guide du membre Acme' };
  await insertFaqs(db, [
    {
      client_id: clientId,
      question_en: 'Where is my statement?',
      question_fr: 'Où est mon relevé?',
      answer_en: 'Under Account statements.',
      answer_fr: 'Sous Relevés de compte.',
    },
    {
      client_id: foreignClientId,
      question_en: 'Where is my bill?',
      question_fr: 'Où est ma facture?',
      answer_en: 'Under Bills.',
      answer_fr: 'Sous Factures.',
    },
  ]);
  const handbook = { name_en: documentNames.en, name_fr: documentNames.fr, file_key_en: fileKeys[0]!, file_key_fr: fileKeys[1]! };
  const documentId = await insertRepositoryDocument(db, { client_id: clientId, ...handbook });
  const foreignHelpDocumentId = await insertRepositoryDocument(db, { client_id: foreignClientId, ...handbook });

  return {
    reader: 'acme.reader',
    staff: 'acme.staff',
    experienceCode,
    documents,
    reportIds,
    attributeIds,
    foreignDocument: { id: foreignDocumentId!, reportCode: 'OTHER-BILL' },
    help: {
      faqQuestionEn: 'Where is my statement?',
      foreignFaqQuestionEn: 'Where is my bill?',
      documentId,
      documentNames,
      foreignDocumentId: foreignHelpDocumentId,
    },
    addPerson,
  };
}
