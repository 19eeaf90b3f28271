import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DocumentStorage } from '../../transports/storage/document-storage.js';
import { partsOfUpload } from '../../services/ingestion/incoming-parts.js';
import { createIngestionService, type IngestionService } from '../../services/ingestion/ingestion.service.js';
import { hashPassword } from '../../services/passwords.js';
import { createDocumentTextsRepository, type DocumentTextsRepository, type ReadText } from '../repositories/document-texts.repository.js';
import { createIngestedDocumentsRepository } from '../repositories/ingested-documents.repository.js';
import type { Database } from '../types.js';
import {
  DEMO_EXPERIENCES,
  buildFaviconSvg,
  buildLogoSvg,
  buildPalette,
  languageNeutralName,
  type DemoExperience,
} from './demo-branding.js';
import { DEMO_FAQS, DEMO_OWNERS, DEMO_REPORTS, DEMO_REPOSITORY_DOCUMENTS, type DemoReport } from './demo-catalogue.js';
import { buildDemoPdf, demoPdfText } from './demo-pdf.js';
import { buildDemoTypeThumbnail } from './demo-thumbnails.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, buildDemoCustomers } from './demo-users.js';
import { DEMO_DISCLOSURE, seedDemoConsent } from './demo-consent.js';
import {
  grantReportAccess,
  insertClient,
  insertExperience,
  insertExperienceAsset,
  insertFaqs,
  insertReportDefinition,
  insertRepositoryDocument,
  insertRoles,
  insertUser,
  markViewed,
} from './factories.js';

const DEMO_CLIENTS = [
  {
    code: 'NBF',
    name_en: 'Northbridge Financial',
    name_fr: 'Financière Northbridge',
    sms_mfa_active: true,
    onboarding_enabled: true,
    block_duplicates: false,
  },
  {
    code: 'LAU',
    name_en: 'Laurentian Utilities',
    name_fr: 'Services publics Laurentiens',
    sms_mfa_active: false,
    onboarding_enabled: true,
    block_duplicates: true,
  },
];
/** The share of an owner's documents, oldest first, that the demo user has already opened. */
const VIEWED_SHARE = 0.55;
const DEMO_CUSTOMER_COUNT = 40;

/** Deterministic pseudo-random numbers, so every seed produces the same data set. */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The first day of the month, `monthsAgo` months before the seed's reference month. */
function monthStart(monthsAgo: number): string {
  const date = new Date(Date.UTC(2026, 10 - monthsAgo, 1));
  return date.toISOString().slice(0, 10);
}

const svg = (text: string) => ({ contentType: 'image/svg+xml', body: new TextEncoder().encode(text) });

/**
 * One document of demo.user carries a note with a word found in no other demo document, so that
 * searching the documents' text finds exactly it.
 */
export const DEMO_TEXT_NOTE = {
  reportCode: 'NBF-STMT',
  externalId: 'NB-100200-3',
  word: 'Heliotrope',
  note: {
    en: 'Good news: your account now earns Heliotrope reward points on every purchase.',
    fr: 'Bonne nouvelle : votre compte accumule désormais des points de récompense Héliotrope à chaque achat.',
  },
};

/** Generous for demo files of a few pages: the seed goes through the same checks as any sender. */
const DEMO_MAX_FILE_BYTES = 10 * 1_048_576;

interface DemoReportIds {
  report: DemoReport;
  reportId: number;
  attributeIds: Record<string, number>;
}

/**
 * Seeds the demo data set once: a second run finds it and does nothing. The reference data
 * (clients, experiences, people, document types, help) goes in as one transaction; then every
 * document arrives through the ingestion service, as a client's back office sends them; then
 * the demo users' access and what they have already opened.
 */
export async function seedDemoData(db: Kysely<Database>, storage: DocumentStorage): Promise<{ seeded: boolean }> {
  const existing = await db.selectFrom('clients').select('id').where('code', '=', DEMO_CLIENTS[0]!.code).executeTakeFirst();
  if (existing) return { seeded: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const accounts = [...DEMO_ACCOUNTS, ...buildDemoCustomers(DEMO_CUSTOMER_COUNT)];

  const { clientIds, userIds, reports } = await db.transaction().execute(async (trx) => {
    await insertRoles(trx);
    const clientIds: Record<string, number> = {};
    for (const client of DEMO_CLIENTS) clientIds[client.code] = await insertClient(trx, client);
    await trx
      .insertInto('client_role_names')
      .values({ client_id: clientIds.LAU!, role_code: 'USER', name_en: 'Customer', name_fr: 'Client' })
      .execute();

    const experienceIds: Record<string, number> = {};
    for (const [position, experience] of DEMO_EXPERIENCES.entries()) {
      experienceIds[experience.code] = await seedExperience(trx, experience, position, clientIds[experience.clientCode]!);
    }

    const userIds: Record<string, number> = {};
    for (const account of accounts) {
      userIds[account.username] = await insertUser(trx, {
        username: account.username,
        first_name: account.firstName,
        last_name: account.lastName,
        email: `${account.username}@example.com`,
        role_code: account.role,
        client_id: clientIds[account.clientCode]!,
        experience_id: experienceIds[account.experienceCode]!,
        contact_language: account.language,
        password_hash: passwordHash,
        must_set_password: account.mustSetPassword ?? false,
      });
    }

    const reports: DemoReportIds[] = [];
    for (const [position, report] of DEMO_REPORTS.entries()) {
      const ids = await insertReportDefinition(trx, {
        client_id: clientIds[report.clientCode]!,
        code: report.code,
        title_en: report.titleEn,
        title_fr: report.titleFr,
        position,
        requires_acknowledgement: report.requiresAcknowledgement,
        thumbnail: buildDemoTypeThumbnail(report),
        attributes: report.attributes,
      });
      reports.push({ report, ...ids });
    }

    await insertFaqs(
      trx,
      DEMO_FAQS.map((faq, position) => ({ ...faq, position })),
    );
    for (const [position, document] of DEMO_REPOSITORY_DOCUMENTS.entries()) {
      const keys = await seedRepositoryFiles(storage, document);
      await insertRepositoryDocument(trx, { name_en: document.name_en, name_fr: document.name_fr, position, ...keys });
    }
    return { clientIds, userIds, reports };
  });

  const ingestion = createIngestionService({
    documents: createIngestedDocumentsRepository(db),
    storage,
    maxFileBytes: DEMO_MAX_FILE_BYTES,
  });
  const texts = createDocumentTextsRepository(db);
  const random = createRandom(2026);
  const grants: DemoGrant[] = [];
  for (const ids of reports) {
    const brand = DEMO_EXPERIENCES.find((experience) => experience.code === ids.report.clientCode)!;
    grants.push(...(await sendReportDocuments(ingestion, texts, ids, clientIds[ids.report.clientCode]!, brand, random)));
  }

  await db.transaction().execute(async (trx) => {
    for (const grant of grants) {
      const userId = userIds[grant.username]!;
      await grantReportAccess(trx, userId, grant.reportId, [grant.criteria]);
      await markViewed(trx, userId, grant.viewedIds);
    }
    // Published once the documents are in: they were delivered before the client asked for proof,
    // so the portal's first start sends no notice of them.
    const consenting = accounts.filter((account) => account.role === 'USER' && account.clientCode === DEMO_DISCLOSURE.clientCode);
    await seedDemoConsent(
      trx,
      clientIds,
      consenting.map((account) => ({ userId: userIds[account.username]!, language: account.language })),
    );
  });
  return { seeded: true };
}

async function seedExperience(trx: Transaction<Database>, experience: DemoExperience, position: number, clientId: number): Promise<number> {
  const colors = buildPalette(experience.hue);
  const id = await insertExperience(trx, {
    code: experience.code,
    client_id: clientId,
    name_en: experience.nameEn,
    name_fr: experience.nameFr,
    position,
    app_title: experience.appTitle,
    colors,
  });
  // The default logo carries the French name where an English variant exists beside it; elsewhere, and on the
  // dark surfaces (which have one logo for both languages), the name both languages share ("Northbridge").
  const neutral = languageNeutralName(experience);
  const defaultName = experience.hasEnglishLogo ? experience.nameFr : neutral;
  await insertExperienceAsset(trx, id, 'logo', svg(buildLogoSvg(experience, defaultName, colors.title)));
  await insertExperienceAsset(trx, id, 'logo-dark', svg(buildLogoSvg(experience, neutral, '#ffffff')));
  await insertExperienceAsset(trx, id, 'footer-logo', svg(buildLogoSvg(experience, neutral, '#ffffff')));
  await insertExperienceAsset(trx, id, 'favicon', svg(buildFaviconSvg(experience)));
  if (experience.hasEnglishLogo) {
    await insertExperienceAsset(trx, id, 'logo-en', svg(buildLogoSvg(experience, experience.nameEn, colors.title)));
    await insertExperienceAsset(trx, id, 'login-logo-en', svg(buildLogoSvg(experience, experience.nameEn, colors.title)));
  }
  return id;
}

/** A demo USER's access to its own documents of a type, and the documents it has already opened. */
interface DemoGrant {
  username: string;
  reportId: number;
  criteria: Record<number, string>;
  viewedIds: number[];
}

/**
 * Sends every owner's documents of a type, newest first, each named `<owner number>-<n>`, as a
 * sender would; their text is stored at once, as known from what each PDF shows (reading the
 * files back would only slow the seed down).
 */
async function sendReportDocuments(
  ingestion: IngestionService,
  texts: DocumentTextsRepository,
  { report, reportId, attributeIds }: DemoReportIds,
  clientId: number,
  brand: DemoExperience,
  random: () => number,
): Promise<DemoGrant[]> {
  const type = await ingestion.requireDocumentType(clientId, report.code);
  const ownerNumberAttribute = report.attributes[0]!.name;
  const owners = DEMO_OWNERS[report.clientCode]!;
  const grants: DemoGrant[] = [];

  for (const [ownerIndex, owner] of owners.entries()) {
    const uploads = [];
    const contents: Omit<ReadText, 'documentId'>[] = [];
    for (let index = 0; index < owner.documentsPerType; index++) {
      const documentDate = monthStart(index + ownerIndex);
      const attributes = { [ownerNumberAttribute]: owner.number, postalCode: owner.postalCode, ...report.describe(index, random) };
      const externalId = `${owner.number}-${index + 1}`;
      const content = {
        brandName: brand.nameEn,
        primaryHex: buildPalette(brand.hue).primary,
        titleEn: report.titleEn,
        titleFr: report.titleFr,
        documentDate,
        pageCount: 1 + (index % 3),
        fields: report.attributes.map((attribute) => ({
          labelEn: attribute.en,
          labelFr: attribute.fr,
          value: attributes[attribute.name] ?? '',
        })),
        ...(report.code === DEMO_TEXT_NOTE.reportCode && externalId === DEMO_TEXT_NOTE.externalId && { note: DEMO_TEXT_NOTE.note }),
      };
      const pdf = await buildDemoPdf(content);
      uploads.push({ externalId, parts: partsOfUpload({ documentDate, attributes }, pdf) });
      contents.push({ contentHash: createHash('sha256').update(pdf).digest('hex'), content: demoPdfText(content) });
    }
    // An owner's documents in one write, in order: the same ids at every seed.
    const documentIds = (await ingestion.putDocuments(type, uploads)).map((sent) => sent.documentId);
    await texts.storeMany(contents.map((text, index) => ({ documentId: documentIds[index]!, ...text })));

    // The demo USER of the client sees its own documents and has opened the older ones.
    const viewer = DEMO_ACCOUNTS.find(
      (account) => account.role === 'USER' && account.clientCode === report.clientCode && account.ownerIndex === ownerIndex,
    );
    if (viewer) {
      const viewedCount = Math.round(documentIds.length * VIEWED_SHARE);
      grants.push({
        username: viewer.username,
        reportId,
        criteria: { [attributeIds[ownerNumberAttribute]!]: owner.number },
        viewedIds: documentIds.slice(-viewedCount),
      });
    }
  }
  return grants;
}

async function seedRepositoryFiles(
  storage: DocumentStorage,
  document: (typeof DEMO_REPOSITORY_DOCUMENTS)[number],
): Promise<{ file_key_en: string; file_key_fr: string }> {
  const brand = DEMO_EXPERIENCES[0]!;
  const keys = { file_key_en: `repository/${document.key}-en.pdf`, file_key_fr: `repository/${document.key}-fr.pdf` };
  for (const [language, key] of [
    ['en', keys.file_key_en],
    ['fr', keys.file_key_fr],
  ] as const) {
    const title = language === 'en' ? document.name_en : document.name_fr;
    await storage.put(
      key,
      await buildDemoPdf({
        brandName: brand.nameEn,
        primaryHex: buildPalette(brand.hue).primary,
        titleEn: title,
        titleFr: title,
        documentDate: '2026-01-01',
        pageCount: 2,
        fields: [],
      }),
    );
  }
  return keys;
}
