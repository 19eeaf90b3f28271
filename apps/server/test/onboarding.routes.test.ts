import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { answerOf } from './wire.js';

let t: TestApp;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  customer = await signIn(t, 'olivia.pelletier.1');
});
afterAll(() => t.close());

interface Offered {
  Id: number;
  TitleEn: string;
  Attributes: { AttributeId: number; NameEn: string; Value: string }[];
}

const post = (url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

async function offered(cookie = customer): Promise<Offered[]> {
  const response = await post('/onboarding/getClientReportsList', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().reportsLst;
}

async function choice(title: string, number: string, postalCode: string) {
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
    const admin = await signIn(t, 'demo.admin');
    const refused = await post('/onboarding/getClientReportsList', admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('errors.onboardingUnavailable');
    expect((await post('/onboarding/processOnBoarding', admin, { choosenReports: [await choice('Tax slips', 'NB-100201', 'H3A 2B2')] })).statusCode).toBe(403);
    expect((await post('/onboarding/getClientReportsList', '')).statusCode).toBe(401);
  });

  it('adds a proven subscription as a criteria group, and another owner’s as a second group', async () => {
    const first = await post('/onboarding/processOnBoarding', customer, { choosenReports: [await choice('Tax slips', 'NB-100201', 'H3A 2B2')] });
    expect(first.statusCode, first.body).toBe(200);
    expect(await tiles()).toEqual({ 'Tax slips': 8 });

    const again = await post('/onboarding/processOnBoarding', customer, { choosenReports: [await choice('Tax slips', 'NB-100201', 'H3A 2B2')] });
    expect(again.statusCode).toBe(200);
    const criteria = await t.database.db
      .selectFrom('access_criteria as c')
      .innerJoin('report_access as a', 'a.id', 'c.access_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['c.group_number', 'c.value'])
      .where('u.username', '=', 'olivia.pelletier.1')
      .execute();
    expect(criteria).toHaveLength(2);

    await post('/onboarding/processOnBoarding', customer, { choosenReports: [await choice('Tax slips', 'NB-100202', 'M5V 3L9')] });
    expect(await tiles()).toEqual({ 'Tax slips': 16 });
    expect((await post('/onboarding/getClientReportsList', customer)).json().reportAccess).toHaveLength(1);
  });

  it('refuses data no document carries, another client’s type and an empty choice, adding nothing', async () => {
    const before = await tiles();
    const valid = await choice('Notices', 'NB-100203', 'V6B 4Y8');
    const wrong = await post('/onboarding/processOnBoarding', customer, { choosenReports: [valid, await choice('Account statements', 'NB-100203', 'H2X 1Y4')] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'errors.subscriptionInvalid', reportErrorList: [expect.objectContaining({ TitleEn: 'Account statements' })] });

    const lau = await t.database.db.selectFrom('report_definitions').select('id').where('code', '=', 'LAU-BILL').executeTakeFirstOrThrow();
    const foreign = await post('/onboarding/processOnBoarding', customer, { choosenReports: [{ ...valid, Id: lau.id }] });
    expect(foreign.json().error).toBe('errors.subscriptionInvalid');
    const empty = await post('/onboarding/processOnBoarding', customer, { choosenReports: [] });
    expect(empty.json().error).toBe('errors.noDocumentTypeChosen');
    expect(await tiles()).toEqual(before);
  });

  it('warns of data another user holds and continues on request when the client allows it', async () => {
    const held = await choice('Account statements', 'NB-100200', 'H2X 1Y4');
    const warned = await post('/onboarding/processOnBoarding', customer, { choosenReports: [held] });
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({ error: 'errors.subscriptionInUse', duplicate: true, blockDuplicate: false });
    expect((await tiles())['Account statements']).toBeUndefined();
    expect((await post('/onboarding/processOnBoardingIgnoreDupes', customer, { choosenReports: [held] })).statusCode).toBe(200);
    expect((await tiles())['Account statements']).toBe(36);
  });
});
