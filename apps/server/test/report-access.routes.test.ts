import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/services/passwords.js';
import { DEMO_PASSWORD, createTestApp, signIn, type TestApp } from './test-app.js';
import { auditOf, insertTestUser, managementApi, userIdOf, type ManagementApi } from './user-management-helpers.js';

interface ReportAccessBody {
  ReportId: number;
  DisplayTextEn: string;
  UserConfiguredCriteria: { ReportAttributeId: number; Value: string; Group: number; DisplayTextEn: string }[][];
  RequiredAttributes: { Id: number; DisplayNameEN: string; DisplayNameFR: string }[];
  Access: boolean;
}

let t: TestApp;
let admin: ManagementApi;
/** Document type id and attribute ids by name, per type code. */
const types: Record<string, { id: number; attributes: Record<string, number> }> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = managementApi(t, await signIn(t, 'demo.admin'));
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

async function newCustomer(username: string): Promise<{ id: number; cookie: string }> {
  const id = await insertTestUser(t, { username, role: 'USER', clientCode: 'NBF', passwordHash: await hashPassword(DEMO_PASSWORD) });
  return { id, cookie: await signIn(t, username) };
}

const dashboard = async (cookie: string) =>
  (await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie } })).json().ReportsInfos as { Code: string; DocumentCount: number }[];
const reportData = (cookie: string, code: string) =>
  t.app.inject({ method: 'POST', url: `/Dashboard/ReportData/${code}`, payload: { perPage: 200 }, headers: { cookie } });

describe('GET /api/usermanagement/users/{id}', () => {
  it('gives the user with every document type of its client, its criteria groups and the attributes they may use', async () => {
    const response = await admin.get(await userIdOf(t, 'demo.user'));
    const [user] = response.json().Users;
    expect(user).toMatchObject({ Username: 'demo.user', Role_Code: 'USER', Client_Code: 'NBF' });
    const reports = user.Reports as ReportAccessBody[];
    expect(reports.map((r) => r.DisplayTextEn)).toEqual(['Account statements', 'Tax slips', 'Notices']);
    const statements = reports[0]!;
    expect(statements).toEqual({
      ReportId: types['NBF-STMT']!.id,
      DisplayTextEn: 'Account statements',
      DisplayTextFr: 'Relevés de compte',
      UserConfiguredCriteria: [
        [
          {
            DisplayTextEn: 'Account number',
            DisplayTextFr: 'Numéro de compte',
            ReportAttributeId: types['NBF-STMT']!.attributes.accountNumber,
            Value: 'NB-100200',
            Group: 0,
          },
        ],
      ],
      RequiredAttributes: [
        { Id: types['NBF-STMT']!.attributes.accountNumber, DisplayNameEN: 'Account number', DisplayNameFR: 'Numéro de compte' },
        { Id: types['NBF-STMT']!.attributes.postalCode, DisplayNameEN: 'Postal code', DisplayNameFR: 'Code postal' },
        { Id: types['NBF-STMT']!.attributes.closingBalance, DisplayNameEN: 'Closing balance', DisplayNameFR: 'Solde de clôture' },
      ],
      Access: true,
    });
  });

  it('lists the types without access for a user who was given none', async () => {
    const id = await insertTestUser(t, { username: 'no.access.yet', role: 'USER', clientCode: 'NBF' });
    const reports = (await admin.get(id)).json().Users[0].Reports as ReportAccessBody[];
    expect(reports.map((r) => [r.Access, r.UserConfiguredCriteria])).toEqual([
      [false, []],
      [false, []],
      [false, []],
    ]);
  });
});

describe('POST /api/usermanagement/savereportaccess', () => {
  it('drops empty groups, gives access when a value is filled, and the user sees exactly those documents on its next request', async () => {
    const customer = await newCustomer('criteria.owner');
    expect(await dashboard(customer.cookie)).toEqual([]);

    const saved = await admin.saveReportAccess(customer.id, [
      submitted('NBF-STMT', [group('NBF-STMT', { accountNumber: ' NB-100201 ', postalCode: 'H3A 2B2' }), group('NBF-STMT', { accountNumber: '', postalCode: null }), []]),
      submitted('NBF-TAX', [group('NBF-TAX', { accountNumber: '', slipType: '' })]),
    ]);
    expect(saved.statusCode).toBe(200);
    const body = saved.json();
    expect(body.msg).toBe('Report-type access has been saved.');
    const byId = new Map((body.Reports as ReportAccessBody[]).map((r) => [r.ReportId, r]));
    const statements = byId.get(types['NBF-STMT']!.id)!;
    expect(statements.Access).toBe(true);
    expect(statements.UserConfiguredCriteria.map((g) => g.map((item) => [item.ReportAttributeId, item.Value, item.Group]))).toEqual([
      [
        [types['NBF-STMT']!.attributes.accountNumber, 'NB-100201', 0],
        [types['NBF-STMT']!.attributes.postalCode, 'H3A 2B2', 0],
      ],
    ]);
    expect(byId.get(types['NBF-TAX']!.id)).toMatchObject({ Access: false, UserConfiguredCriteria: [] });

    // The same session, on its very next request.
    expect(await dashboard(customer.cookie)).toEqual([expect.objectContaining({ Code: 'NBF-STMT', DocumentCount: 8 })]);
    const documents = (await reportData(customer.cookie, 'NBF-STMT')).json().Results as { accountNumber: string; postalCode: string }[];
    expect(documents).toHaveLength(8);
    expect(documents.every((d) => d.accountNumber === 'NB-100201' && d.postalCode === 'H3A 2B2')).toBe(true);
    expect((await reportData(customer.cookie, 'NBF-TAX')).statusCode).toBe(404);
  });

  it('lets any group match, each group requiring all of its values, and takes access away when every group is emptied', async () => {
    const customer = await newCustomer('two.groups');
    await admin.saveReportAccess(customer.id, [
      submitted('NBF-TAX', [group('NBF-TAX', { accountNumber: 'NB-100202' }), group('NBF-TAX', { accountNumber: 'NB-100203', slipType: 'T5' })]),
    ]);
    const documents = (await reportData(customer.cookie, 'NBF-TAX')).json().Results as { accountNumber: string; slipType: string }[];
    const owners = new Set(documents.map((d) => d.accountNumber));
    expect(owners).toEqual(new Set(['NB-100202', 'NB-100203']));
    expect(documents.filter((d) => d.accountNumber === 'NB-100202')).toHaveLength(8);
    expect(documents.filter((d) => d.accountNumber === 'NB-100203').every((d) => d.slipType === 'T5')).toBe(true);
    expect(documents.filter((d) => d.accountNumber === 'NB-100203')).toHaveLength(2);

    const emptied = await admin.saveReportAccess(customer.id, [submitted('NBF-TAX', [group('NBF-TAX', { accountNumber: '', slipType: '' })])]);
    expect(emptied.json().Reports.find((r: ReportAccessBody) => r.ReportId === types['NBF-TAX']!.id)).toMatchObject({ Access: false, UserConfiguredCriteria: [] });
    expect(await dashboard(customer.cookie)).toEqual([]);
  });

  it('refuses a group with some fields filled and others empty, and changes nothing then', async () => {
    const userId = await userIdOf(t, 'demo.user');
    const response = await admin.saveReportAccess(userId, [
      submitted('NBF-TAX', []),
      submitted('NBF-STMT', [group('NBF-STMT', { accountNumber: 'NB-100200', postalCode: '  ' })]),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'errors.criteriaGroupIncomplete',
      msg: 'In a group, fill in every field or leave them all empty.',
    });
    const reports = (await admin.get(userId)).json().Users[0].Reports as ReportAccessBody[];
    expect(reports.every((r) => r.Access)).toBe(true);
  });

  it('refuses attributes and types that are not the user’s client’s, repeated ones, long values and users of other roles', async () => {
    const userId = await userIdOf(t, 'demo.user');
    const refusal = async (reports: object[], target = userId) => {
      const response = await admin.saveReportAccess(target, reports);
      return [response.statusCode, response.json().error, response.json().issues?.[0]?.message];
    };
    const foreignAttribute = [{ ReportAttributeId: types['NBF-TAX']!.attributes.slipType!, Value: 'T5' }];
    expect(await refusal([submitted('NBF-STMT', [foreignAttribute])])).toEqual([400, 'errors.reportAccessInvalid', undefined]);
    expect(await refusal([submitted('LAU-BILL', [])])).toEqual([400, 'errors.reportAccessInvalid', undefined]);
    expect(await refusal([submitted('NBF-STMT', []), submitted('NBF-STMT', [])])).toEqual([400, 'errors.reportAccessInvalid', undefined]);
    const repeated = [...group('NBF-STMT', { accountNumber: 'A' }), ...group('NBF-STMT', { accountNumber: 'B' })];
    expect(await refusal([submitted('NBF-STMT', [repeated])])).toEqual([400, 'errors.reportAccessInvalid', undefined]);
    expect(await refusal([submitted('NBF-STMT', [group('NBF-STMT', { accountNumber: 'x'.repeat(256) })])])).toEqual([
      400,
      'errors.validation',
      'validation.attributeValueTooLong',
    ]);
    expect(await refusal([], await userIdOf(t, 'demo.service'))).toEqual([400, 'errors.reportAccessUserOnly', undefined]);
    expect(await refusal([], await userIdOf(t, 'lau.user'))).toEqual([404, 'errors.userNotFound', undefined]);
  });

  it('audits the access of the saved types, before and after', async () => {
    const customer = await newCustomer('audited.access');
    const account = types['NBF-NOTICE']!.attributes.accountNumber!;
    await admin.saveReportAccess(customer.id, [submitted('NBF-NOTICE', [group('NBF-NOTICE', { accountNumber: 'NB-100203' })])]);
    await admin.saveReportAccess(customer.id, [submitted('NBF-NOTICE', [group('NBF-NOTICE', { accountNumber: 'NB-100202' })])]);
    const entries = await auditOf(t, customer.id);
    expect(entries.map((entry) => entry.action)).toEqual(['saveReportAccess', 'saveReportAccess']);
    expect(entries[1]).toEqual({
      actor_user_id: await userIdOf(t, 'demo.admin'),
      action: 'saveReportAccess',
      before: { reports: [{ reportId: types['NBF-NOTICE']!.id, access: true, groups: [{ [account]: 'NB-100203' }] }] },
      after: { reports: [{ reportId: types['NBF-NOTICE']!.id, access: true, groups: [{ [account]: 'NB-100202' }] }] },
    });
    expect(entries[0]!.before).toEqual({ reports: [{ reportId: types['NBF-NOTICE']!.id, access: false, groups: [] }] });
  });
});
