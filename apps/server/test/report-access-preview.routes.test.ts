import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { hashPassword } from '../src/services/passwords.js';
import { DEMO_PASSWORD, createTestApp, signIn, type TestApp } from './test-app.js';
import { insertTestUser, managementApi, type ManagementApi } from './user-management-helpers.js';
import { answerOf, refusalOf } from './wire.js';

let t: TestApp;
let admin: ManagementApi;
let adminCookie: string;
/** Document type id and attribute ids by name, per type code. */
const types: Record<string, { id: number; attributes: Record<string, number> }> = {};

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await signIn(t, 'demo.admin');
  admin = managementApi(t, adminCookie);
  const rows = await t.database.db
    .selectFrom('report_definitions as r')
    .innerJoin('report_attributes as a', 'a.report_id', 'r.id')
    .select(['r.code', 'r.id', 'a.name', 'a.id as attribute_id'])
    .execute();
  for (const row of rows) {
    types[row.code] ??= { id: row.id, attributes: {} };
    types[row.code]!.attributes[row.name] = row.attribute_id;
  }
});
afterAll(() => t.close());

/** A criteria group as the dialog sends it: attribute name → value. */
const group = (code: string, values: Record<string, string | null>) =>
  Object.entries(values).map(([name, Value]) => ({ ReportAttributeId: types[code]!.attributes[name]!, Value }));
const submitted = (code: string, groups: ReturnType<typeof group>[]) => ({ ReportId: types[code]!.id, UserConfiguredCriteria: groups });

const previewCall = (cookie: string, userId: number, submitedReports: object[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/usermanagement/previewreportaccess',
    payload: { userId, submitedReports },
    headers: { cookie },
  });
const preview = async (userId: number, submitedReports: object[]) =>
  answerOf(endpoints.previewReportAccess, await previewCall(adminCookie, userId, submitedReports)).Reports;

async function newCustomer(username: string): Promise<{ id: number; cookie: string }> {
  const id = await insertTestUser(t, { username, role_code: 'USER', clientCode: 'NBF', password_hash: await hashPassword(DEMO_PASSWORD) });
  return { id, cookie: await signIn(t, username) };
}

const dashboard = async (cookie: string) =>
  answerOf(endpoints.getReports, await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie } })).ReportsInfos;

/** The first page of ten of a type's list as it opens for the user: the type's own default order. */
async function openingPage(cookie: string, code: string) {
  const tile = (await dashboard(cookie)).find((report) => report.Code === code)!;
  const { sortBy, sortDesc } = tile.DisplayProperties;
  const response = await t.app.inject({
    method: 'POST',
    url: `/Dashboard/ReportData/${code}`,
    payload: { perPage: 10, sortBy, sortDirection: sortDesc ? 'desc' : 'asc' },
    headers: { cookie },
  });
  const page = answerOf(endpoints.reportData, response);
  const shown = (result: Record<string, string | boolean>) =>
    Object.fromEntries(['date', ...page.Config.DisplayedAttributes].filter((name) => name in result).map((name) => [name, result[name]]));
  return { tile, total: page.TotalDocuments, columns: page.Config.DisplayedAttributes, results: page.Results.map(shown) };
}

/**
 * Previews an access for a new USER, saves the same access, then asks the user's own dashboard and
 * list: the preview must have said exactly what the user now sees.
 */
async function expectPreviewToMatchSavedAccess(username: string, code: string, groups: ReturnType<typeof group>[]) {
  const customer = await newCustomer(username);
  const reports = [submitted(code, groups)];
  const [answer] = await preview(customer.id, reports);
  expect(answer!.ReportId).toBe(types[code]!.id);
  expect((await admin.saveReportAccess(customer.id, reports)).statusCode).toBe(200);
  if (groups.length === 0) {
    // A type without groups is not given: no tile, and its list answers as a type that does not exist.
    expect(await dashboard(customer.cookie)).toEqual([]);
    const list = await t.app.inject({
      method: 'POST',
      url: `/Dashboard/ReportData/${code}`,
      payload: {},
      headers: { cookie: customer.cookie },
    });
    expect(list.statusCode).toBe(404);
    return answer!;
  }
  const seen = await openingPage(customer.cookie, code);
  expect(answer!.TotalIsLowerBound).toBe(false);
  expect(answer!.TotalDocuments).toBe(seen.tile.DocumentCount);
  expect(answer!.TotalDocuments).toBe(seen.total);
  expect(answer!.DisplayedAttributes.map((attribute) => attribute.Name)).toEqual(seen.columns);
  expect(answer!.Results).toEqual(seen.results);
  return answer!;
}

describe('POST /api/usermanagement/previewreportaccess', () => {
  it('with one group, counts and lists what the user then sees: the first ten of its list', async () => {
    const answer = await expectPreviewToMatchSavedAccess('preview.one', 'NBF-STMT', [group('NBF-STMT', { accountNumber: 'NB-100200' })]);
    expect(answer.TotalDocuments).toBe(36);
    expect(answer.Results).toHaveLength(10);
    expect(answer.Results.every((result) => result.accountNumber === 'NB-100200')).toBe(true);
    // Only the list's columns travel: the postal code is not one.
    expect(answer.Results.every((result) => !('postalCode' in result))).toBe(true);
    expect(answer.DisplayedAttributes[0]).toEqual({
      Name: 'accountNumber',
      DisplayNameEN: 'Account number',
      DisplayNameFR: 'Numéro de compte',
    });
    expect(answer.EmptyGroups).toEqual([]);
  });

  it('with two groups, counts the documents of either', async () => {
    const answer = await expectPreviewToMatchSavedAccess('preview.two', 'NBF-NOTICE', [
      group('NBF-NOTICE', { accountNumber: 'NB-100201' }),
      group('NBF-NOTICE', { accountNumber: 'NB-100202' }),
    ]);
    expect(answer.TotalDocuments).toBe(16);
    expect(new Set(answer.Results.map((result) => result.accountNumber))).toEqual(new Set(['NB-100201', 'NB-100202']));
  });

  it('with a group of two attributes, counts only the documents matching both', async () => {
    const answer = await expectPreviewToMatchSavedAccess('preview.both', 'NBF-TAX', [
      group('NBF-TAX', { accountNumber: 'NB-100200', slipType: 'T5' }),
    ]);
    expect(answer.TotalDocuments).toBe(9);
    expect(answer.Results.every((result) => result.slipType === 'T5' && result.accountNumber === 'NB-100200')).toBe(true);
  });

  it('flags the group with a typo by its place among the groups sent, empty groups counted', async () => {
    const answer = await expectPreviewToMatchSavedAccess('preview.typo', 'NBF-STMT', [
      group('NBF-STMT', { accountNumber: '' }),
      group('NBF-STMT', { accountNumber: 'NB-10020I' }),
      group('NBF-STMT', { accountNumber: ' NB-100203 ' }),
      group('NBF-STMT', { accountNumber: 'NB-100201', postalCode: 'V6B 4Y8' }),
    ]);
    expect(answer.TotalDocuments).toBe(8);
    // The second group is a typo; the fourth pairs a real number with another owner's postal code.
    expect(answer.EmptyGroups).toEqual([1, 3]);
  });

  it('with no group, says the user would see nothing, as it then does', async () => {
    const answer = await expectPreviewToMatchSavedAccess('preview.none', 'NBF-STMT', []);
    expect(answer).toMatchObject({ TotalDocuments: 0, TotalIsLowerBound: false, Results: [], EmptyGroups: [] });
  });

  it('follows the type’s own default order, as the user’s list opens', async () => {
    await t.database.db
      .updateTable('report_definitions')
      .set({ display_properties: JSON.stringify({ sortBy: 'closingBalance', sortDesc: false }) })
      .where('id', '=', types['NBF-STMT']!.id)
      .execute();
    const answer = await expectPreviewToMatchSavedAccess('preview.sorted', 'NBF-STMT', [group('NBF-STMT', { accountNumber: 'NB-100200' })]);
    const balances = answer.Results.map((result) => Number(result.closingBalance));
    expect(balances).toEqual([...balances].sort((a, b) => a - b));
  });

  it('answers each submitted type, in the order sent, from the same body the save takes', async () => {
    const customer = await newCustomer('preview.types');
    const answer = await preview(customer.id, [
      submitted('NBF-TAX', [group('NBF-TAX', { accountNumber: 'NB-100203' })]),
      submitted('NBF-STMT', [group('NBF-STMT', { accountNumber: 'NB-999999' })]),
      submitted('NBF-NOTICE', []),
    ]);
    expect(answer.map((report) => [report.ReportId, report.TotalDocuments, report.EmptyGroups])).toEqual([
      [types['NBF-TAX']!.id, 8, []],
      [types['NBF-STMT']!.id, 0, [0]],
      [types['NBF-NOTICE']!.id, 0, []],
    ]);
  });

  it('is open to the other roles that manage the user, as the save is', async () => {
    const customer = await newCustomer('preview.by.service');
    const service = await signIn(t, 'demo.service');
    const response = await previewCall(service, customer.id, [submitted('NBF-STMT', [group('NBF-STMT', { accountNumber: 'NB-100201' })])]);
    expect(answerOf(endpoints.previewReportAccess, response).Reports[0]!.TotalDocuments).toBe(8);
  });
});

describe('refusals, the save’s own, in its order', () => {
  /** Status and error key of the preview, then of the save, for the same body. */
  async function refusals(cookie: string, userId: number, reports: object[]) {
    const previewed = await previewCall(cookie, userId, reports);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/usermanagement/savereportaccess',
      payload: { userId, submitedReports: reports },
      headers: { cookie },
    });
    return [
      [previewed.statusCode, refusalOf(previewed).error],
      [saved.statusCode, refusalOf(saved).error],
    ];
  }
  const both = (status: number, error: string) => [
    [status, error],
    [status, error],
  ];

  it('refuses another client’s user as not found before looking at its groups', async () => {
    const foreign = await insertTestUser(t, { username: 'preview.foreign', role_code: 'USER', clientCode: 'LAU' });
    const incomplete = [submitted('NBF-STMT', [group('NBF-STMT', { accountNumber: 'NB-100200', postalCode: '' })])];
    expect(await refusals(adminCookie, foreign, incomplete)).toEqual(both(404, 'errors.userNotFound'));
    // And the other client's administrator does not reach this client's user.
    const own = await insertTestUser(t, { username: 'preview.not.lau', role_code: 'USER', clientCode: 'NBF' });
    const lauAdmin = await signIn(t, 'lau.admin');
    expect(await refusals(lauAdmin, own, [])).toEqual(both(404, 'errors.userNotFound'));
  });

  it('refuses another client’s type, another type’s attribute, an incomplete group and a user of another role', async () => {
    const userId = await insertTestUser(t, { username: 'preview.refused', role_code: 'USER', clientCode: 'NBF' });
    const staff = await insertTestUser(t, { username: 'preview.staff', role_code: 'CUSTOMER_SERVICE', clientCode: 'NBF' });
    const lauType = await t.database.db
      .selectFrom('report_definitions')
      .select('id')
      .where('code', '=', 'LAU-BILL')
      .executeTakeFirstOrThrow();
    const foreignType = [{ ReportId: lauType.id, UserConfiguredCriteria: [] }];
    expect(await refusals(adminCookie, userId, foreignType)).toEqual(both(400, 'errors.reportAccessInvalid'));
    const otherTypesAttribute = [submitted('NBF-STMT', [[{ ReportAttributeId: types['NBF-TAX']!.attributes.slipType!, Value: 'T5' }]])];
    expect(await refusals(adminCookie, userId, otherTypesAttribute)).toEqual(both(400, 'errors.reportAccessInvalid'));
    const incomplete = [submitted('NBF-STMT', [group('NBF-STMT', { accountNumber: 'NB-100200', postalCode: ' ' })])];
    expect(await refusals(adminCookie, userId, incomplete)).toEqual(both(400, 'errors.criteriaGroupIncomplete'));
    expect(await refusals(adminCookie, staff, [])).toEqual(both(400, 'errors.reportAccessUserOnly'));
  });

  it('bounds the groups as the save does', async () => {
    const userId = await insertTestUser(t, { username: 'preview.bounded', role_code: 'USER', clientCode: 'NBF' });
    const tooMany = [
      submitted(
        'NBF-STMT',
        Array.from({ length: 201 }, (_, n) => group('NBF-STMT', { accountNumber: `NB-${n}` })),
      ),
    ];
    expect(await refusals(adminCookie, userId, tooMany)).toEqual(both(400, 'errors.validation'));
    // NB-100200 to NB-100203 are the demo's owners; the other 196 numbers belong to nobody.
    const most = [
      submitted(
        'NBF-STMT',
        Array.from({ length: 200 }, (_, n) => group('NBF-STMT', { accountNumber: `NB-${100200 + n}` })),
      ),
    ];
    const [answer] = await preview(userId, most);
    expect(answer!.TotalDocuments).toBe(36 + 8 * 3);
    expect(answer!.EmptyGroups).toEqual(Array.from({ length: 196 }, (_, n) => n + 4));
  });

  it('refuses a plain USER before reading what it sent', async () => {
    const user = await signIn(t, 'demo.user');
    for (const payload of [{ userId: 1, submitedReports: [] }, { userId: 'x' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/usermanagement/previewreportaccess',
        payload,
        headers: { cookie: user },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, error: 'errors.forbidden', msg: 'You are not allowed to do this.' });
    }
  });
});

describe('nothing is written', () => {
  const snapshot = async () => {
    const db = t.database.db;
    const [access, criteria, audit, views, users] = await Promise.all([
      db.selectFrom('report_access').selectAll().orderBy('id').execute(),
      db.selectFrom('access_criteria').selectAll().orderBy('id').execute(),
      db.selectFrom('audit_log').selectAll().orderBy('id').execute(),
      db.selectFrom('document_views').selectAll().orderBy('user_id').orderBy('document_id').execute(),
      db.selectFrom('users').select(['id', 'search_preference']).orderBy('id').execute(),
    ]);
    return { access, criteria, audit, views, users };
  };

  it('leaves access, criteria, audit, views and preferences as they were', async () => {
    const customer = await newCustomer('preview.writes.nothing');
    await admin.saveReportAccess(customer.id, [submitted('NBF-STMT', [group('NBF-STMT', { accountNumber: 'NB-100202' })])]);
    const before = await snapshot();
    expect(before.criteria.length).toBeGreaterThan(0);
    const [answer] = await preview(customer.id, [
      submitted('NBF-STMT', [group('NBF-STMT', { accountNumber: 'NB-100200' }), group('NBF-STMT', { accountNumber: 'NB-0' })]),
    ]);
    expect(answer!.TotalDocuments).toBe(36);
    await preview(customer.id, [submitted('NBF-STMT', []), submitted('NBF-TAX', [group('NBF-TAX', { accountNumber: 'NB-100201' })])]);
    expect(await snapshot()).toEqual(before);
    // The user still sees what was saved, not what was previewed.
    expect((await openingPage(customer.cookie, 'NBF-STMT')).total).toBe(8);
  });
});

describe('the API description', () => {
  it('describes the preview beside the save', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { description: string }>>;
    };
    expect(spec.paths['/api/usermanagement/previewreportaccess']!.post!.description).toContain('Nothing is saved');
  });
});
