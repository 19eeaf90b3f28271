import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type RoleCode } from '@portal/contract';
import { createAuditLogRepository } from '../src/db/repositories/audit-log.repository.js';
import { createRetentionRepository } from '../src/db/repositories/retention.repository.js';
import {
  grantReportAccess,
  insertApiKey,
  insertClient,
  insertDocuments,
  insertExperience,
  insertReportDefinition,
  insertUser,
  markViewed,
} from '../src/db/seed/factories.js';
import { createTransact } from '../src/db/transact.js';
import { JOB_NAMES } from '../src/jobs/portal-jobs.js';
import { hashPassword } from '../src/services/passwords.js';
import { createRetentionService, type RetentionRun } from '../src/services/retention.service.js';
import { DEMO_PASSWORD, createTestApp, signIn, type TestApp } from './test-app.js';
import { answerOf, refusalOf } from './wire.js';

const DAY_MS = 86_400_000;
/** A date this many days before today (UTC), as documents carry it. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

const OWNER = { accountNumber: 'RT-1', postalCode: 'H1H 1H1' };
const OTHER_OWNER = { accountNumber: 'RT-2', postalCode: 'J2J 2J2' };
/** Ages in days of each owner's documents in every type: with a 30-day retention, the last three expire. */
const AGES = [3, 10, 29, 31, 45, 400];
const RETENTION_DAYS = 30;
const keptAges = AGES.filter((age) => age < RETENTION_DAYS);
/** The type the batch test purges: more expired documents than one batch holds. */
const BATCH_AGES = [2, 40, 41, 42, 43, 44, 45, 46];

const TYPE_CODES = { purged: 'RT-STMT', untouched: 'RT-TAX', batched: 'RT-NOTICE' } as const;

let t: TestApp;
let clientId: number;
let reportIds: Record<string, number>;
let reader: string;
let staff: string;
let fullKey: string;
let scopedKey: string;
let foreignKey: string;

async function addPerson(username: string, role: RoleCode, experienceId: number) {
  return insertUser(t.database.db, {
    username,
    role_code: role,
    client_id: clientId,
    experience_id: experienceId,
    password_hash: await hashPassword(DEMO_PASSWORD),
  });
}

beforeAll(async () => {
  t = await createTestApp({ SCHEDULED_JOBS: 'false' });
  const db = t.database.db;
  clientId = await insertClient(db, { code: 'RETAIN' });
  const experienceId = await insertExperience(db, { code: 'RETAIN', client_id: clientId, colors: { primary: '#204060' } });
  const readerId = await addPerson('retain.reader', 'USER', experienceId);
  await addPerson('retain.staff', 'ADMIN', experienceId);
  reportIds = {};
  for (const [position, code] of Object.values(TYPE_CODES).entries()) {
    const report = await insertReportDefinition(db, {
      client_id: clientId,
      code,
      title_en: code,
      title_fr: code,
      position,
      attributes: [
        { name: 'accountNumber', en: 'Account number', fr: 'Numéro de compte', identifiesOwner: true },
        { name: 'postalCode', en: 'Postal code', fr: 'Code postal', identifiesOwner: true },
      ],
    });
    reportIds[code] = report.reportId;
    const ages = code === TYPE_CODES.batched ? BATCH_AGES : AGES;
    const ids = await insertDocuments(
      db,
      [OWNER, OTHER_OWNER].flatMap((owner) =>
        ages.map((age) => ({
          report_id: report.reportId,
          document_date: daysAgo(age),
          attributes: owner,
          file_key: 'fixture/retention.pdf',
        })),
      ),
    );
    await grantReportAccess(db, readerId, report.reportId, [{ [report.attributeIds.accountNumber!]: OWNER.accountNumber }]);
    // The reader opened every one of its documents: an expired one takes its viewed mark with it.
    await markViewed(db, readerId, ids.slice(0, ages.length));
  }
  fullKey = (await insertApiKey(db, { clientId })).secret;
  scopedKey = (await insertApiKey(db, { clientId, reportIds: [reportIds[TYPE_CODES.untouched]!] })).secret;
  const foreignClientId = await insertClient(db, { code: 'RETAIN-OTHER' });
  foreignKey = (await insertApiKey(db, { clientId: foreignClientId })).secret;
  reader = await signIn(t, 'retain.reader');
  staff = await signIn(t, 'retain.staff');
});
afterAll(() => t.close());

const putRetention = (code: string, payload: unknown, headers: Record<string, string> = { authorization: `Bearer ${fullKey}` }) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/document-types/${code}/retention`, payload: payload as object, headers });

const reportsOf = async (cookie: string) =>
  answerOf(endpoints.getReports, await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie } })).ReportsInfos;
const countsOf = async (cookie: string) =>
  Object.fromEntries((await reportsOf(cookie)).map((r) => [r.Code, { total: r.DocumentCount, viewed: r.DocumentViewedCount }]));
const datesListed = async (cookie: string, code: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/Dashboard/ReportData/${code}`,
    payload: { page: 1, perPage: 100 },
    headers: { cookie },
  });
  return answerOf(endpoints.reportData, response)
    .Results.map((row) => String(row.date))
    .sort();
};
const datesOf = (ages: number[]) => ages.map(daysAgo).sort();
const auditRows = (action: string) =>
  t.database.db.selectFrom('audit_log').select(['before', 'after', 'actor_user_id']).where('action', '=', action).orderBy('id').execute();

describe('PUT /api/v1/document-types/:type/retention', () => {
  it('sets and clears a type’s retention, audited, and the type list shows it', async () => {
    const set = await putRetention(TYPE_CODES.untouched.toLowerCase(), { retentionDays: 90 });
    expect(answerOf(endpoints.setDocumentTypeRetention, set).data).toEqual({ code: TYPE_CODES.untouched, retentionDays: 90 });
    const types = answerOf(
      endpoints.listDocumentTypes,
      await t.app.inject({ url: '/api/v1/document-types', headers: { authorization: `Bearer ${fullKey}` } }),
    ).data;
    expect(types.find((type) => type.code === TYPE_CODES.untouched)?.retentionDays).toBe(90);

    const cleared = await putRetention(TYPE_CODES.untouched, { retentionDays: null });
    expect(answerOf(endpoints.setDocumentTypeRetention, cleared).data).toEqual({ code: TYPE_CODES.untouched, retentionDays: null });
    const changes = (await auditRows('retentionChanged')).filter(
      (row) => (row.after as { reportCode: string }).reportCode === TYPE_CODES.untouched,
    );
    expect(
      changes.map((row) => [
        (row.before as { retentionDays: number | null }).retentionDays,
        (row.after as { retentionDays: number | null }).retentionDays,
      ]),
    ).toEqual([
      [null, 90],
      [90, null],
    ]);
    expect(changes.every((row) => row.actor_user_id === null)).toBe(true);
  });

  it('accepts 1 to 36500 days or null, and refuses anything else with 400', async () => {
    for (const retentionDays of [0, -1, 36_501, 1.5, '30', true]) {
      const response = await putRetention(TYPE_CODES.untouched, { retentionDays });
      expect(response.statusCode, JSON.stringify(retentionDays)).toBe(400);
      expect(refusalOf(response).error).toBe('errors.validation');
    }
    expect((await putRetention(TYPE_CODES.untouched, {})).statusCode).toBe(400);
    for (const retentionDays of [1, 36_500]) expect((await putRetention(TYPE_CODES.untouched, { retentionDays })).statusCode).toBe(200);
    await putRetention(TYPE_CODES.untouched, { retentionDays: null });
  });

  it('answers 401 without a live key, whatever the body and even with a session', async () => {
    const callers: Record<string, string>[] = [{}, { authorization: 'Bearer cpk_nothing' }, { cookie: staff }];
    for (const headers of callers) {
      const response = await putRetention(TYPE_CODES.untouched, { retentionDays: 'bad' }, headers);
      expect(response.statusCode).toBe(401);
      expect(refusalOf(response).error).toBe('errors.apiKeyInvalid');
    }
  });

  it('answers 404 for another client’s type or none, and 403 for a type outside the key’s scope', async () => {
    const foreign = await putRetention(TYPE_CODES.untouched, { retentionDays: 5 }, { authorization: `Bearer ${foreignKey}` });
    expect([foreign.statusCode, refusalOf(foreign).error]).toEqual([404, 'errors.documentTypeUnknown']);
    const unknown = await putRetention('NO-SUCH-TYPE', { retentionDays: 5 });
    expect([unknown.statusCode, refusalOf(unknown).error]).toEqual([404, 'errors.documentTypeUnknown']);
    const outOfScope = await putRetention(TYPE_CODES.purged, { retentionDays: 5 }, { authorization: `Bearer ${scopedKey}` });
    expect([outOfScope.statusCode, refusalOf(outOfScope).error]).toEqual([403, 'errors.apiKeyTypeForbidden']);
    const rows = await t.database.db.selectFrom('report_definitions').select('retention_days').where('client_id', '=', clientId).execute();
    expect(rows.every((row) => row.retention_days === null)).toBe(true);
  });
});

describe('the document-retention job', () => {
  let run: RetentionRun;
  let countsBefore: Record<string, { total: number; viewed: number }>;
  let staffCountsBefore: Record<string, { total: number; viewed: number }>;

  beforeAll(async () => {
    countsBefore = await countsOf(reader);
    staffCountsBefore = await countsOf(staff);
    expect((await putRetention(TYPE_CODES.purged, { retentionDays: RETENTION_DAYS })).statusCode).toBe(200);
    run = (await t.app.scheduledJobs.runNow(JOB_NAMES.retention)) as RetentionRun;
  });

  it('deletes the documents dated before today minus the retention, and keeps the others', async () => {
    expect(run.documentsDeleted).toBe(2 * (AGES.length - keptAges.length));
    expect(await datesListed(reader, TYPE_CODES.purged)).toEqual(datesOf(keptAges));
    expect(await datesListed(staff, TYPE_CODES.purged)).toEqual(datesOf([...keptAges, ...keptAges]));
  });

  it('takes the deleted documents out of every count, viewed marks included', async () => {
    const counts = await countsOf(reader);
    expect(counts[TYPE_CODES.purged]).toEqual({ total: keptAges.length, viewed: keptAges.length });
    expect((await countsOf(staff))[TYPE_CODES.purged]!.total).toBe(2 * keptAges.length);
    expect(countsBefore[TYPE_CODES.purged]).toEqual({ total: AGES.length, viewed: AGES.length });
  });

  it('leaves types without a retention as they were', async () => {
    expect(await datesListed(reader, TYPE_CODES.untouched)).toEqual(datesOf(AGES));
    const counts = await countsOf(reader);
    const staffCounts = await countsOf(staff);
    for (const code of [TYPE_CODES.untouched, TYPE_CODES.batched]) {
      expect(counts[code]).toEqual(countsBefore[code]);
      expect(staffCounts[code]).toEqual(staffCountsBefore[code]);
    }
  });

  it('records each type’s deletions in the audit log', async () => {
    const rows = await auditRows('retentionDeleted');
    expect(rows.map((row) => row.after)).toEqual([
      {
        reportId: reportIds[TYPE_CODES.purged],
        reportCode: TYPE_CODES.purged,
        clientId,
        retentionDays: RETENTION_DAYS,
        cutoff: daysAgo(RETENTION_DAYS),
        deleted: 2 * (AGES.length - keptAges.length),
      },
    ]);
  });

  it('deletes nothing more, and records nothing, when run again', async () => {
    const again = (await t.app.scheduledJobs.runNow(JOB_NAMES.retention)) as RetentionRun;
    expect(again.documentsDeleted).toBe(0);
    expect(await auditRows('retentionDeleted')).toHaveLength(1);
  });

  it('deletes every expired document when there are more than one batch holds', async () => {
    expect((await putRetention(TYPE_CODES.batched, { retentionDays: RETENTION_DAYS })).statusCode).toBe(200);
    const db = t.database.db;
    const service = createRetentionService({
      retention: createRetentionRepository(db),
      audit: createAuditLogRepository(),
      transact: createTransact(db),
    });
    const batched = await service.run({ batchSize: 3 });
    const expired = BATCH_AGES.filter((age) => age > RETENTION_DAYS).length;
    expect(batched.documentsDeleted).toBe(2 * expired);
    expect(await datesListed(staff, TYPE_CODES.batched)).toEqual(datesOf([2, 2]));
    expect((await countsOf(reader))[TYPE_CODES.batched]).toEqual({ total: 1, viewed: 1 });
    const audit = (await auditRows('retentionDeleted')).at(-1)!.after as { reportCode: string; deleted: number };
    expect([audit.reportCode, audit.deleted]).toEqual([TYPE_CODES.batched, 2 * expired]);
  });
});
