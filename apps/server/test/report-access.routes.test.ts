import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { hashPassword } from '../src/services/passwords.js';
import { DEMO_PASSWORD, createTestApp, signIn, type TestApp } from './test-app.js';
import { grantAccessByName, insertOwnerDocuments } from './owner-documents.js';
import { auditOf, insertTestUser, managementApi, userIdOf, type ManagementApi } from './user-management-helpers.js';
import { answerOf } from './wire.js';

let t: TestApp;
let admin: ManagementApi;
/** Document type id and attribute ids by name, per type code. */
const types: Record<string, { id: number; attributes: Record<string, number> }> = {};
/** The titles of the administrator's client's types, in their order. */
let clientTitles: string[];

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
  const ofClient = await t.database.db
    .selectFrom('report_definitions as r')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select('r.title_en')
    .where('c.code', '=', 'NBF')
    .orderBy('r.position')
    .execute();
  clientTitles = ofClient.map((r) => r.title_en);
});
afterAll(() => t.close());

/** A criteria group as the dialog sends it: attribute name → value. */
const group = (code: string, values: Record<string, string | null>) =>
  Object.entries(values).map(([name, Value]) => ({ ReportAttributeId: types[code]!.attributes[name]!, Value }));
const submitted = (code: string, groups: ReturnType<typeof group>[]) => ({ ReportId: types[code]!.id, UserConfiguredCriteria: groups });

async function newCustomer(username: string): Promise<{ id: number; cookie: string }> {
  const id = await insertTestUser(t, { username, role_code: 'USER', clientCode: 'NBF', password_hash: await hashPassword(DEMO_PASSWORD) });
  return { id, cookie: await signIn(t, username) };
}

const reportsOf = async (userId: number) => answerOf(endpoints.getManagedUser, await admin.get(userId)).Users[0]!.Reports;
const dashboard = async (cookie: string) =>
  answerOf(endpoints.getReports, await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie } })).ReportsInfos;
const reportData = (cookie: string, code: string) =>
  t.app.inject({ method: 'POST', url: `/Dashboard/ReportData/${code}`, payload: { perPage: 200 }, headers: { cookie } });
const documentsOf = async (cookie: string, code: string) => answerOf(endpoints.reportData, await reportData(cookie, code)).Results;

describe('GET /api/usermanagement/users/{id}', () => {
  it('gives the user with every document type of its client, its criteria groups and the attributes they may use', async () => {
    const userId = await insertTestUser(t, { username: 'criteria.shown', role_code: 'USER', clientCode: 'NBF' });
    await grantAccessByName(t, userId, 'NBF-STMT', [{ accountNumber: 'RA-100100' }]);
    const [user] = answerOf(endpoints.getManagedUser, await admin.get(userId)).Users;
    expect(user).toMatchObject({ Username: 'criteria.shown', Role_Code: 'USER', Client_Code: 'NBF' });
    const reports = user!.Reports;
    expect(reports.map((r) => r.DisplayTextEn)).toEqual(clientTitles);
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
            Value: 'RA-100100',
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
    const id = await insertTestUser(t, { username: 'no.access.yet', role_code: 'USER', clientCode: 'NBF' });
    const reports = await reportsOf(id);
    expect(reports.map((r) => [r.Access, r.UserConfiguredCriteria])).toEqual(clientTitles.map(() => [false, []]));
  });
});

describe('POST /api/usermanagement/savereportaccess', () => {
  it('drops empty groups, gives access when a value is filled, and the user sees exactly those documents on its next request', async () => {
    const owner = { number: 'RA-200100', postalCode: 'H3A 2B2' };
    const made = await insertOwnerDocuments(t, 'NBF-STMT', owner, [{}, {}, {}, {}, {}]);
    // The same number printed with another postal code belongs to nobody the group names.
    await insertOwnerDocuments(t, 'NBF-STMT', { ...owner, postalCode: 'J1J 1J1' }, [{}, {}]);
    const customer = await newCustomer('criteria.owner');
    expect(await dashboard(customer.cookie)).toEqual([]);

    const saved = await admin.saveReportAccess(customer.id, [
      submitted('NBF-STMT', [
        group('NBF-STMT', { accountNumber: ` ${owner.number} `, postalCode: owner.postalCode }),
        group('NBF-STMT', { accountNumber: '', postalCode: null }),
        [],
      ]),
      submitted('NBF-TAX', [group('NBF-TAX', { accountNumber: '', slipType: '' })]),
    ]);
    const body = answerOf(endpoints.saveReportAccess, saved);
    expect(body.msg).toBe('Report-type access has been saved.');
    const byId = new Map(body.Reports.map((r) => [r.ReportId, r]));
    const statements = byId.get(types['NBF-STMT']!.id)!;
    expect(statements.Access).toBe(true);
    expect(statements.UserConfiguredCriteria.map((g) => g.map((item) => [item.ReportAttributeId, item.Value, item.Group]))).toEqual([
      [
        [types['NBF-STMT']!.attributes.accountNumber, owner.number, 0],
        [types['NBF-STMT']!.attributes.postalCode, owner.postalCode, 0],
      ],
    ]);
    expect(byId.get(types['NBF-TAX']!.id)).toMatchObject({ Access: false, UserConfiguredCriteria: [] });

    // The same session, on its very next request.
    expect(await dashboard(customer.cookie)).toEqual([expect.objectContaining({ Code: 'NBF-STMT', DocumentCount: made.length })]);
    const documents = await documentsOf(customer.cookie, 'NBF-STMT');
    expect(documents).toHaveLength(made.length);
    expect(documents.every((d) => d.accountNumber === owner.number && d.postalCode === owner.postalCode)).toBe(true);
    expect((await reportData(customer.cookie, 'NBF-TAX')).statusCode).toBe(404);
  });

  it('lets any group match, each group requiring all of its values, and takes access away when every group is emptied', async () => {
    const whole = { number: 'RA-200200', postalCode: 'M5V 3L9' };
    const partly = { number: 'RA-200300', postalCode: 'V6B 4Y8' };
    const wholeSlips = ['RL-3', 'T5', 'NR4'].map((slipType) => ({ slipType }));
    const partlySlips = ['T5', 'RL-3', 'T5', 'NR4', 'T4RSP'].map((slipType) => ({ slipType }));
    await insertOwnerDocuments(t, 'NBF-TAX', whole, wholeSlips);
    await insertOwnerDocuments(t, 'NBF-TAX', partly, partlySlips);
    const customer = await newCustomer('two.groups');
    await admin.saveReportAccess(customer.id, [
      submitted('NBF-TAX', [
        group('NBF-TAX', { accountNumber: whole.number }),
        group('NBF-TAX', { accountNumber: partly.number, slipType: 'T5' }),
      ]),
    ]);
    const documents = await documentsOf(customer.cookie, 'NBF-TAX');
    const owners = new Set(documents.map((d) => d.accountNumber));
    expect(owners).toEqual(new Set([whole.number, partly.number]));
    expect(documents.filter((d) => d.accountNumber === whole.number)).toHaveLength(wholeSlips.length);
    expect(documents.filter((d) => d.accountNumber === partly.number).every((d) => d.slipType === 'T5')).toBe(true);
    expect(documents.filter((d) => d.accountNumber === partly.number)).toHaveLength(partlySlips.filter((d) => d.slipType === 'T5').length);

    const emptied = await admin.saveReportAccess(customer.id, [
      submitted('NBF-TAX', [group('NBF-TAX', { accountNumber: '', slipType: '' })]),
    ]);
    const taxSlips = answerOf(endpoints.saveReportAccess, emptied).Reports.find((r) => r.ReportId === types['NBF-TAX']!.id);
    expect(taxSlips).toMatchObject({ Access: false, UserConfiguredCriteria: [] });
    expect(await dashboard(customer.cookie)).toEqual([]);
  });

  it('refuses a group with some fields filled and others empty, and changes nothing then', async () => {
    const userId = await insertTestUser(t, { username: 'fully.granted', role_code: 'USER', clientCode: 'NBF' });
    for (const code of ['NBF-STMT', 'NBF-TAX', 'NBF-NOTICE']) await grantAccessByName(t, userId, code, [{ accountNumber: 'RA-200400' }]);
    const response = await admin.saveReportAccess(userId, [
      submitted('NBF-TAX', []),
      submitted('NBF-STMT', [group('NBF-STMT', { accountNumber: 'RA-200400', postalCode: '  ' })]),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'errors.criteriaGroupIncomplete',
      msg: 'In a group, fill in every field or leave them all empty.',
    });
    const reports = await reportsOf(userId);
    expect(reports).toHaveLength(clientTitles.length);
    expect(reports.every((r) => r.Access)).toBe(true);
  });

  it('refuses attributes and types that are not the user’s client’s, repeated ones, long values and users of other roles', async () => {
    const userId = await insertTestUser(t, { username: 'refused.target', role_code: 'USER', clientCode: 'NBF' });
    const staff = await insertTestUser(t, { username: 'refused.staff', role_code: 'CUSTOMER_SERVICE', clientCode: 'NBF' });
    const foreign = await insertTestUser(t, { username: 'refused.foreign', role_code: 'USER', clientCode: 'LAU' });
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
    expect(await refusal([], staff)).toEqual([400, 'errors.reportAccessUserOnly', undefined]);
    expect(await refusal([], foreign)).toEqual([404, 'errors.userNotFound', undefined]);
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
