import type { Kysely, Transaction } from 'kysely';
import type { DocumentStorage } from '../../transports/storage/document-storage.js';
import { hashPassword } from '../../services/passwords.js';
import type { Database } from '../types.js';
import { DEMO_EXPERIENCES, buildFaviconSvg, buildLogoSvg, buildPalette, type DemoExperience } from './demo-branding.js';
import { DEMO_FAQS, DEMO_OWNERS, DEMO_REPORTS, DEMO_REPOSITORY_DOCUMENTS, type DemoReport } from './demo-catalogue.js';
import { buildDemoPdf } from './demo-pdf.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, buildDemoCustomers } from './demo-users.js';
import {
  grantReportAccess,
  insertClient,
  insertDocuments,
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
 * Seeds the demo data set once: a second run finds it and does nothing. Files are written
 * before the rows that point to them, and the rows go in as one transaction.
 */
export async function seedDemoData(db: Kysely<Database>, storage: DocumentStorage): Promise<{ seeded: boolean }> {
  const existing = await db.selectFrom('clients').select('id').where('code', '=', DEMO_CLIENTS[0]!.code).executeTakeFirst();
  if (existing) return { seeded: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (trx) => {
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
    for (const account of [...DEMO_ACCOUNTS, ...buildDemoCustomers(DEMO_CUSTOMER_COUNT)]) {
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

    const random = createRandom(2026);
    for (const report of DEMO_REPORTS) {
      const brand = DEMO_EXPERIENCES.find((experience) => experience.code === report.clientCode)!;
      await seedReport(trx, storage, report, clientIds[report.clientCode]!, brand, random, userIds);
    }

    await insertFaqs(
      trx,
      DEMO_FAQS.map((faq, position) => ({ ...faq, position })),
    );
    for (const [position, document] of DEMO_REPOSITORY_DOCUMENTS.entries()) {
      const keys = await seedRepositoryFiles(storage, document);
      await insertRepositoryDocument(trx, { name_en: document.name_en, name_fr: document.name_fr, position, ...keys });
    }
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
  // The default logo carries the French name; an English variant exists for some divisions.
  await insertExperienceAsset(trx, id, 'logo', svg(buildLogoSvg(experience, experience.nameFr, colors.title)));
  await insertExperienceAsset(trx, id, 'logo-dark', svg(buildLogoSvg(experience, experience.nameFr, '#ffffff')));
  await insertExperienceAsset(trx, id, 'footer-logo', svg(buildLogoSvg(experience, experience.nameFr, '#ffffff')));
  await insertExperienceAsset(trx, id, 'favicon', svg(buildFaviconSvg(experience)));
  if (experience.hasEnglishLogo) {
    await insertExperienceAsset(trx, id, 'logo-en', svg(buildLogoSvg(experience, experience.nameEn, colors.title)));
    await insertExperienceAsset(trx, id, 'login-logo-en', svg(buildLogoSvg(experience, experience.nameEn, colors.title)));
  }
  return id;
}

async function seedReport(
  trx: Transaction<Database>,
  storage: DocumentStorage,
  report: DemoReport,
  clientId: number,
  brand: DemoExperience,
  random: () => number,
  userIds: Record<string, number>,
): Promise<void> {
  const { reportId, attributeIds } = await insertReportDefinition(trx, {
    client_id: clientId,
    code: report.code,
    title_en: report.titleEn,
    title_fr: report.titleFr,
    position: DEMO_REPORTS.indexOf(report),
    thumbnail: { filename: `${report.code.toLowerCase()}.svg`, width: 64, height: 64 },
    attributes: report.attributes,
  });
  const ownerNumberAttribute = report.attributes[0]!.name;
  const owners = DEMO_OWNERS[report.clientCode]!;

  for (const [ownerIndex, owner] of owners.entries()) {
    const rows = [];
    for (let index = 0; index < owner.documentsPerType; index++) {
      const documentDate = monthStart(index + ownerIndex);
      const attributes = { [ownerNumberAttribute]: owner.number, postalCode: owner.postalCode, ...report.describe(index, random) };
      const fileKey = `demo/${report.code.toLowerCase()}/${owner.number.toLowerCase()}-${index + 1}.pdf`;
      const pageCount = 1 + (index % 3);
      await storage.put(
        fileKey,
        await buildDemoPdf({
          brandName: brand.nameEn,
          primaryHex: buildPalette(brand.hue).primary,
          titleEn: report.titleEn,
          titleFr: report.titleFr,
          documentDate,
          pageCount,
          fields: report.attributes.map((attribute) => ({
            labelEn: attribute.en,
            labelFr: attribute.fr,
            value: attributes[attribute.name] ?? '',
          })),
        }),
      );
      rows.push({ report_id: reportId, document_date: documentDate, attributes, file_key: fileKey, page_count: pageCount });
    }
    const documentIds = await insertDocuments(trx, rows);

    // The demo USER of the client sees its own documents and has opened the older ones.
    const viewer = DEMO_ACCOUNTS.find(
      (account) => account.role === 'USER' && account.clientCode === report.clientCode && account.ownerIndex === ownerIndex,
    );
    if (viewer) {
      const userId = userIds[viewer.username]!;
      await grantReportAccess(trx, userId, reportId, [{ [attributeIds[ownerNumberAttribute]!]: owner.number }]);
      const viewedCount = Math.round(documentIds.length * VIEWED_SHARE);
      await markViewed(trx, userId, documentIds.slice(-viewedCount));
    }
  }
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
