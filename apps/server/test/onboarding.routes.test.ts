import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { hashPassword } from '../src/services/passwords.js';
import { DEMO_PASSWORD, createTestApp, signIn, type TestApp } from './test-app.js';
import { grantAccessByName, insertOwnerDocuments, type TestOwner } from './owner-documents.js';
import { insertTestUser } from './user-management-helpers.js';
import { answerOf } from './wire.js';

/** Owners whose documents this file makes, with how many in each of their types. */
const SLIPS_OWNER = { number: 'OB-100100', postalCode: 'H3A 2B2', documents: 4 };
const SECOND_SLIPS_OWNER = { number: 'OB-100200', postalCode: 'M5V 3L9', documents: 3 };
/** Has notices and statements; its number with another owner's postal code is on no document. */
const NOTICES_OWNER = { number: 'OB-100300', postalCode: 'V6B 4Y8', documents: 2 };
/** Someone else already holds this owner's statements. */
const HELD_OWNER = { number: 'OB-100400', postalCode: 'H2X 1Y4', documents: 6 };

let t: TestApp;
let customer: string;
let passwordHash: string;
const addPerson = (username: string, role: 'USER' | 'ADMIN' = 'USER') =>
  insertTestUser(t, { username, role_code: role, clientCode: 'NBF', password_hash: passwordHash });
const addDocuments = (code: string, owner: TestOwner & { documents: number }) =>
  insertOwnerDocuments(
    t,
    code,
    owner,
    Array.from({ length: owner.documents }, () => ({})),
  );

beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword(DEMO_PASSWORD);
  await addDocuments('NBF-TAX', SLIPS_OWNER);
  await addDocuments('NBF-TAX', SECOND_SLIPS_OWNER);
  await addDocuments('NBF-NOTICE', NOTICES_OWNER);
  await addDocuments('NBF-STMT', NOTICES_OWNER);
  await addDocuments('NBF-STMT', HELD_OWNER);
  await grantAccessByName(t, await addPerson('onboarding.holder'), 'NBF-STMT', [{ accountNumber: HELD_OWNER.number }]);
  await addPerson('onboarding.customer');
  customer = await signIn(t, 'onboarding.customer');
});
afterAll(() => t.close());

const post = (url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

async function offered(cookie = customer) {
  return answerOf(endpoints.onboardingReports, await post('/onboarding/getClientReportsList', cookie)).reportsLst;
}

async function choice(title: string, { number, postalCode }: TestOwner) {
  const report = (await offered()).find((r) => r.TitleEn === title)!;
  return { ...report, Attributes: report.Attributes.map((a) => ({ ...a, Value: a.NameEn === 'Postal code' ? postalCode : number })) };
}

async function tiles(cookie = customer): Promise<Record<string, number>> {
  const reports = answerOf(endpoints.getReports, await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie } })).ReportsInfos;
  return Object.fromEntries(reports.map((r) => [r.TitleEn, r.DocumentCount]));
}

describe('onboarding', () => {
  it('lists the client’s types with the attributes to prove, unticked, and what the user already has', async () => {
    const response = answerOf(endpoints.onboardingReports, await post('/onboarding/getClientReportsList', customer));
    expect(response.reportsLst.map((r) => r.TitleEn)).toEqual(['Account statements', 'Tax slips', 'Notices']);
    expect(response.reportsLst.every((r) => !r.Checked)).toBe(true);
    expect(response.reportsLst[0]!.Attributes.map((a) => a.NameFr)).toEqual(['Numéro de compte', 'Code postal']);
    expect(response.reportAccess).toEqual([]);
  });

  it('is for USERs of clients with onboarding only', async () => {
    await addPerson('onboarding.admin', 'ADMIN');
    const admin = await signIn(t, 'onboarding.admin');
    const refused = await post('/onboarding/getClientReportsList', admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('errors.onboardingUnavailable');
    expect(
      (await post('/onboarding/processOnBoarding', admin, { choosenReports: [await choice('Tax slips', SLIPS_OWNER)] })).statusCode,
    ).toBe(403);
    expect((await post('/onboarding/getClientReportsList', '')).statusCode).toBe(401);
  });

  it('adds a proven subscription as a criteria group, and another owner’s as a second group', async () => {
    const first = await post('/onboarding/processOnBoarding', customer, { choosenReports: [await choice('Tax slips', SLIPS_OWNER)] });
    expect(first.statusCode, first.body).toBe(200);
    expect(await tiles()).toEqual({ 'Tax slips': SLIPS_OWNER.documents });

    const again = await post('/onboarding/processOnBoarding', customer, { choosenReports: [await choice('Tax slips', SLIPS_OWNER)] });
    expect(again.statusCode).toBe(200);
    const criteria = await t.database.db
      .selectFrom('access_criteria as c')
      .innerJoin('report_access as a', 'a.id', 'c.access_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['c.group_number', 'c.value'])
      .where('u.username', '=', 'onboarding.customer')
      .execute();
    expect(criteria).toHaveLength(2);

    await post('/onboarding/processOnBoarding', customer, { choosenReports: [await choice('Tax slips', SECOND_SLIPS_OWNER)] });
    expect(await tiles()).toEqual({ 'Tax slips': SLIPS_OWNER.documents + SECOND_SLIPS_OWNER.documents });
    expect(answerOf(endpoints.onboardingReports, await post('/onboarding/getClientReportsList', customer)).reportAccess).toHaveLength(1);
  });

  it('refuses data no document carries, another client’s type and an empty choice, adding nothing', async () => {
    const before = await tiles();
    const valid = await choice('Notices', NOTICES_OWNER);
    const wrong = await post('/onboarding/processOnBoarding', customer, {
      choosenReports: [valid, await choice('Account statements', { number: NOTICES_OWNER.number, postalCode: HELD_OWNER.postalCode })],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: 'errors.subscriptionInvalid',
      reportErrorList: [expect.objectContaining({ TitleEn: 'Account statements' })],
    });

    const lau = await t.database.db.selectFrom('report_definitions').select('id').where('code', '=', 'LAU-BILL').executeTakeFirstOrThrow();
    const foreign = await post('/onboarding/processOnBoarding', customer, { choosenReports: [{ ...valid, Id: lau.id }] });
    expect(foreign.json().error).toBe('errors.subscriptionInvalid');
    const empty = await post('/onboarding/processOnBoarding', customer, { choosenReports: [] });
    expect(empty.json().error).toBe('errors.noDocumentTypeChosen');
    expect(await tiles()).toEqual(before);
  });

  it('warns of data another user holds and continues on request when the client allows it', async () => {
    const held = await choice('Account statements', HELD_OWNER);
    const warned = await post('/onboarding/processOnBoarding', customer, { choosenReports: [held] });
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({ error: 'errors.subscriptionInUse', duplicate: true, blockDuplicate: false });
    expect((await tiles())['Account statements']).toBeUndefined();
    expect((await post('/onboarding/processOnBoardingIgnoreDupes', customer, { choosenReports: [held] })).statusCode).toBe(200);
    expect((await tiles())['Account statements']).toBe(HELD_OWNER.documents);
  });
});
