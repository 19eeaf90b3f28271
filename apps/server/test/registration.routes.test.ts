import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { sql } from 'kysely';
import { codeOf } from '../../../test-support/smtp-sink.js';
import { REGISTRATION_PROOF_COOKIE } from '../src/plugins/session.plugin.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { grantAccessByName, insertOwnerDocuments, type TestOwner } from './owner-documents.js';
import { insertTestUser } from './user-management-helpers.js';
import { answerOf } from './wire.js';

/** Owners whose documents this file makes; nobody holds them but the holders named. */
const STATEMENTS_OWNER = { number: 'RG-100100', postalCode: 'H3A 2B2', documents: 5 };
const SECOND_STATEMENTS_OWNER = { number: 'RG-100200', postalCode: 'M5V 3L9', documents: 2 };
const TAX_OWNER = { number: 'RG-100300', postalCode: 'V6B 4Y8', documents: 2 };
const HELD_STATEMENTS_OWNER = { number: 'RG-100400', postalCode: 'H2X 1Y4', documents: 3 };
const HELD_BILLS_OWNER = { number: 'RG-500100', postalCode: 'G1R 4P5', documents: 2 };

let t: TestApp;
beforeAll(async () => {
  // Every visitor here comes from one address; the per-address limits have tests of their own below.
  t = await createTestApp({ REGISTRATION_LIMIT_PER_IP: '1000', CODE_SEND_LIMIT_PER_IP: '1000' });
  const owners: [string, TestOwner & { documents: number }][] = [
    ['NBF-STMT', STATEMENTS_OWNER],
    ['NBF-STMT', SECOND_STATEMENTS_OWNER],
    ['NBF-TAX', TAX_OWNER],
    ['NBF-STMT', HELD_STATEMENTS_OWNER],
    ['LAU-BILL', HELD_BILLS_OWNER],
  ];
  for (const [code, owner] of owners)
    await insertOwnerDocuments(
      t,
      code,
      owner,
      Array.from({ length: owner.documents }, () => ({})),
    );
  const holder = await insertTestUser(t, { username: 'statements.holder', role_code: 'USER', clientCode: 'NBF' });
  await grantAccessByName(t, holder, 'NBF-STMT', [{ accountNumber: HELD_STATEMENTS_OWNER.number }]);
  const lauHolder = await insertTestUser(t, { username: 'bills.holder', role_code: 'USER', clientCode: 'LAU' });
  await grantAccessByName(t, lauHolder, 'LAU-BILL', [{ customerNumber: HELD_BILLS_OWNER.number }]);
});
afterAll(() => t.close());

const PASSWORD = 'Registr#2026x';
let sequence = 0;

/** A registration model for a new person; the e-mail is the username at example.com, as the sign-in helper expects. */
function person(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const userName = `visitor.${sequence}.${Date.now()}`;
  return {
    firstName: 'Zoé',
    lastName: "O'Neil",
    email: `${userName}@example.com`,
    userName,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    reportsLst: [],
    choosenReports: [],
    ...overrides,
  };
}

type Model = ReturnType<typeof person>;

interface PostOptions {
  exp?: string;
  lang?: string;
  ip?: string;
  /** The registration-proof cookie a browser got from step 2. */
  proof?: string;
}

async function post(url: string, payload: unknown, options: PostOptions = {}) {
  const proof = options.proof === undefined ? '' : `; ${REGISTRATION_PROOF_COOKIE}=${options.proof}`;
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { cookie: `exp=${options.exp ?? 'NBF'}; lang=${options.lang ?? 'en'}${proof}` },
    remoteAddress: options.ip ?? '10.1.0.1',
  });
}

function proofCookieOf(response: Awaited<ReturnType<typeof post>>) {
  return response.cookies.find((cookie) => cookie.name === REGISTRATION_PROOF_COOKIE);
}

async function reportId(code: string): Promise<number> {
  const row = await t.database.db.selectFrom('report_definitions').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

/** Steps 1 to 3: returns the code read from the e-mail, step 2's proof of it, and the chosen types with their attributes. */
async function throughStep3(model: Model, codes: string[], options: { exp?: string; lang?: string } = {}) {
  const before = t.smtp.messages.length;
  const step1 = await post('/api/validateregistrationstep1', model, options);
  expect(step1.statusCode, step1.body).toBe(200);
  const code = codeOf(await t.smtp.waitFor(model.email, { after: before }));
  const step2 = await post('/api/validateregistrationstep2', { data: model, contactValidationCode: code }, options);
  expect(step2.statusCode, step2.body).toBe(200);
  const ids = await Promise.all(codes.map(reportId));
  const reportsLst = answerOf(endpoints.validateRegistrationStep2, step2).reportsLst.map((r) => ({ ...r, Checked: ids.includes(r.Id) }));
  const step3 = await post('/api/validateregistrationstep3', { ...model, reportsLst }, options);
  expect(step3.statusCode, step3.body).toBe(200);
  const proof = proofCookieOf(step2)!.value;
  return { code, proof, reportsLst, choosenReports: answerOf(endpoints.validateRegistrationStep3, step3).choosenReports };
}

/** Fills each chosen type with the owner number and postal code printed on that owner's documents. */
function fill(chosen: Awaited<ReturnType<typeof throughStep3>>['choosenReports'], { number, postalCode }: TestOwner) {
  return chosen.map((report) => ({
    ...report,
    Attributes: report.Attributes.map((a) => ({ ...a, Value: a.NameEn === 'Postal code' ? postalCode : number })),
  }));
}

const usersNamed = async (username: string) =>
  (await t.database.db.selectFrom('users').select('id').where('username', '=', username).execute()).length;

describe('registration steps', () => {
  it('checks the user information and reports every field in error with the registration messages', async () => {
    const taken = await post('/api/validateregistrationstep1', person({ userName: 'statements.holder' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ error: 'errors.registrationUsernameTaken', msg: 'The username provided is already used.' });

    const several = await post(
      '/api/validateregistrationstep1',
      person({ email: 'not-an-address', password: 'short', confirmPassword: 'other' }),
    );
    expect(several.statusCode).toBe(400);
    expect(several.json().issues).toEqual([
      { path: 'email', message: 'errors.registrationEmailInvalid' },
      { path: 'password', message: 'errors.registrationPasswordWeak' },
      { path: 'confirmPassword', message: 'errors.registrationPasswordNotConfirmed' },
    ]);
    expect(several.json().msg).toBe('The email address is not valid.');

    const common = await post('/api/validateregistrationstep1', person({ password: 'P@ssw0rd', confirmPassword: 'P@ssw0rd' }));
    expect(common.json().error).toBe('errors.registrationPasswordWeak');
  });

  it('sends one code per address at a time, checks it without using it up, and lists the client’s types pre-checked', async () => {
    const model = person();
    const before = t.smtp.messages.length;
    const step1 = await post('/api/validateregistrationstep1', model, { lang: 'fr' });
    expect(step1.statusCode).toBe(200);
    expect(step1.json().nextResendSeconds).toBe(30);
    const codes = answerOf(endpoints.validateRegistrationStep1, step1).reportsLst;
    const ofClient = await t.database.db
      .selectFrom('report_definitions as r')
      .innerJoin('clients as c', 'c.id', 'r.client_id')
      .select('r.id')
      .where('c.code', '=', 'NBF')
      .execute();
    expect(new Set(codes.map((r) => r.Id))).toEqual(new Set(ofClient.map((r) => r.id)));
    expect(codes).toHaveLength(ofClient.length);
    expect(codes.every((r) => r.Checked)).toBe(true);
    const mail = await t.smtp.waitFor(model.email, { after: before });
    // In the language of the session the visitor registers in.
    expect(mail.subject).toBe('Confirmez votre adresse courriel');

    // Back to the first step and forward again: no second mail, the same code stands.
    const again = await post('/api/validateregistrationstep1', model);
    expect(again.statusCode).toBe(200);
    expect(again.json().nextResendSeconds).toBeGreaterThan(0);
    const resend = await post('/api/sendcontactvalidationcode', model);
    expect(resend.statusCode).toBe(429);
    expect(resend.json().error).toBe('errors.resendTooSoon');

    const wrong = await post('/api/validateregistrationstep2', {
      data: model,
      contactValidationCode: '0000000' === codeOf(mail) ? '1111111' : '0000000',
    });
    expect(wrong.json()).toMatchObject({ error: 'errors.registrationCodeInvalid', msg: 'The validation code is not valid.' });
    for (let i = 0; i < 2; i++) {
      expect((await post('/api/validateregistrationstep2', { data: model, contactValidationCode: codeOf(mail) })).statusCode).toBe(200);
    }
  });

  it('asks for at least one type and answers the identifying attributes of each ticked type', async () => {
    const model = person();
    const none = await post('/api/validateregistrationstep3', {
      ...model,
      reportsLst: [{ Id: await reportId('NBF-STMT'), Checked: false }],
    });
    expect(none.json()).toMatchObject({ error: 'errors.noDocumentTypeChosen', msg: 'You must choose at least one document type.' });
    const chosen = await post('/api/validateregistrationstep3', {
      ...model,
      reportsLst: [{ Id: await reportId('NBF-STMT'), Checked: true }],
    });
    expect(chosen.json().choosenReports).toEqual([
      expect.objectContaining({
        Id: await reportId('NBF-STMT'),
        TitleEn: 'Account statements',
        Attributes: [
          expect.objectContaining({
            NameEn: 'Account number',
            NameFr: 'Numéro de compte',
            Value: '',
            DescriptionEn: expect.stringContaining('printed'),
          }),
          expect.objectContaining({ NameEn: 'Postal code', NameFr: 'Code postal', Value: '' }),
        ],
      }),
    ]);
    const otherClient = await post('/api/validateregistrationstep3', {
      ...model,
      reportsLst: [{ Id: await reportId('LAU-BILL'), Checked: true }],
    });
    expect(otherClient.json().error).toBe('errors.subscriptionInvalid');
  });
});

describe('completing a registration', () => {
  it('creates the user with the session language and e-mail MFA, granting exactly the proven owner’s documents', async () => {
    const model = person();
    const { proof, reportsLst, choosenReports } = await throughStep3(model, ['NBF-STMT'], { lang: 'fr' });
    // The specification's model alone: the code proven at step 2 is remembered for this browser.
    const done = await post(
      '/api/processregistering',
      { ...model, reportsLst, choosenReports: fill(choosenReports, { number: STATEMENTS_OWNER.number, postalCode: ' H3A  2B2 ' }) },
      { lang: 'fr', proof },
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ Username: model.userName, Password: PASSWORD });
    expect(proofCookieOf(done)?.value).toBe('');

    const created = await t.database.db.selectFrom('users').selectAll().where('username', '=', model.userName).executeTakeFirstOrThrow();
    expect(created).toMatchObject({ role_code: 'USER', contact_language: 'fr', mfa_active: true, mfa_type: 0, must_set_password: false });

    const cookie = await signIn(t, model.userName, PASSWORD);
    const reports = answerOf(endpoints.getReports, await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie } })).ReportsInfos;
    expect(reports.map((r) => [r.Code, r.DocumentCount])).toEqual([['NBF-STMT', STATEMENTS_OWNER.documents]]);
    const list = await t.app.inject({
      method: 'POST',
      url: '/Dashboard/ReportData/NBF-STMT',
      payload: { page: 1, perPage: 50 },
      headers: { cookie },
    });
    expect(answerOf(endpoints.reportData, list).Results.every((row) => row.accountNumber === STATEMENTS_OWNER.number)).toBe(true);

    // The proof was used up with the code: once the address is free again, it registers nobody else.
    await t.database.db.updateTable('users').set({ deleted_at: new Date() }).where('username', '=', model.userName).execute();
    const again = { ...model, userName: `${model.userName}.again`, reportsLst, choosenReports: fill(choosenReports, STATEMENTS_OWNER) };
    const reused = await post('/api/processRegisteringNoDupes', again, { proof });
    expect(reused.json().error).toBe('errors.registrationNotVerified');
    expect(await usersNamed(again.userName)).toBe(0);
  });

  it('still accepts the code sent again beside the model, and checks it', async () => {
    const model = person();
    const { code, reportsLst, choosenReports } = await throughStep3(model, ['NBF-STMT']);
    const payload = { ...model, reportsLst, choosenReports: fill(choosenReports, STATEMENTS_OWNER) };
    const wrong = await post('/api/processRegisteringNoDupes', {
      ...payload,
      contactValidationCode: code === '0000000' ? '1111111' : '0000000',
    });
    expect(wrong.json().error).toBe('errors.registrationCodeInvalid');
    const done = await post('/api/processRegisteringNoDupes', { ...payload, contactValidationCode: code });
    expect(done.statusCode, done.body).toBe(200);
    expect(await usersNamed(model.userName)).toBe(1);
  });

  it('creates nothing without a live proof of step 2 for this browser and this address', async () => {
    const model = person();
    const { proof, reportsLst, choosenReports } = await throughStep3(model, ['NBF-STMT']);
    const payload = { ...model, reportsLst, choosenReports: fill(choosenReports, STATEMENTS_OWNER) };
    const other = person();
    const otherProof = (await throughStep3(other, ['NBF-STMT'])).proof;

    const refusals: [string, unknown, PostOptions][] = [
      ['a browser that never passed step 2', payload, {}],
      ['a forged proof', payload, { proof: 'not-a-proof' }],
      ['another browser’s proof', payload, { proof: otherProof }],
      ['the address changed after step 2', { ...payload, email: `changed.${model.email}` }, { proof }],
    ];
    for (const [what, body, options] of refusals) {
      const response = await post('/api/processRegisteringNoDupes', body, options);
      expect(response.statusCode, what).toBe(400);
      expect(response.json(), what).toMatchObject({
        error: 'errors.registrationNotVerified',
        msg: expect.stringContaining('not been verified'),
      });
    }
    expect(await usersNamed(model.userName)).toBe(0);

    // A proof lives as long as the code it stands for.
    const codes = t.database.db.updateTable('one_time_codes').where('target', '=', model.email);
    await codes.set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await post('/api/processRegisteringNoDupes', payload, { proof })).json().error).toBe('errors.registrationNotVerified');
    await codes.set({ expires_at: new Date(Date.now() + 60_000) }).execute();
    expect((await post('/api/processRegisteringNoDupes', payload, { proof })).statusCode).toBe(200);
    expect(await usersNamed(model.userName)).toBe(1);
  });

  it('refuses forged final payloads and creates nobody', async () => {
    const model = person();
    const { proof, reportsLst, choosenReports } = await throughStep3(model, ['NBF-STMT']);
    const valid = { ...model, reportsLst, choosenReports: fill(choosenReports, SECOND_STATEMENTS_OWNER) };
    const lauBill = await reportId('LAU-BILL');
    const attempts: [string, unknown, string][] = [
      ['wrong code sent again', { ...valid, contactValidationCode: '12345678' }, 'errors.registrationCodeInvalid'],
      ['unticked type', { ...valid, reportsLst: reportsLst.map((r: object) => ({ ...r, Checked: false })) }, 'errors.subscriptionInvalid'],
      [
        'missing attribute',
        { ...valid, choosenReports: valid.choosenReports.map((r) => ({ ...r, Attributes: r.Attributes.slice(0, 1) })) },
        'errors.subscriptionInvalid',
      ],
      [
        'empty value',
        { ...valid, choosenReports: fill(choosenReports, { number: SECOND_STATEMENTS_OWNER.number, postalCode: ' ' }) },
        'errors.subscriptionInvalid',
      ],
      [
        'another client’s type',
        {
          ...valid,
          reportsLst: [...reportsLst, { Id: lauBill, Checked: true }],
          choosenReports: [...valid.choosenReports, { Id: lauBill, Attributes: [] }],
        },
        'errors.subscriptionInvalid',
      ],
      ['nothing chosen', { ...valid, choosenReports: [] }, 'errors.noDocumentTypeChosen'],
      ['weak password', { ...valid, password: 'abc', confirmPassword: 'abc' }, 'errors.registrationPasswordWeak'],
    ];
    for (const [what, payload, error] of attempts) {
      const response = await post('/api/processregistering', payload, { proof });
      expect(response.statusCode, what).toBe(400);
      expect(response.json().error, what).toBe(error);
    }
    const wrongOwner = await post(
      '/api/processregistering',
      {
        ...valid,
        choosenReports: fill(choosenReports, { number: SECOND_STATEMENTS_OWNER.number, postalCode: HELD_STATEMENTS_OWNER.postalCode }),
      },
      { proof },
    );
    expect(wrongOwner.json()).toMatchObject({ error: 'errors.subscriptionInvalid', msg: 'The information is not valid.' });
    expect(wrongOwner.json().reportErrorList).toEqual([expect.objectContaining({ TitleEn: 'Account statements' })]);
    expect(await usersNamed(model.userName)).toBe(0);

    // The code and its proof survived every refusal: the genuine payload still completes.
    expect((await post('/api/processregistering', valid, { proof })).statusCode).toBe(200);
  });

  it('reports data another user holds; continuing is allowed only when the client does not block duplicates', async () => {
    const model = person();
    const { proof, reportsLst, choosenReports } = await throughStep3(model, ['NBF-STMT']);
    const payload = { ...model, reportsLst, choosenReports: fill(choosenReports, HELD_STATEMENTS_OWNER) };
    const duplicate = await post('/api/processregistering', payload, { proof });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ error: 'errors.subscriptionInUse', duplicate: true, blockDuplicate: false });
    expect(duplicate.json().reportErrorList).toEqual([expect.objectContaining({ TitleEn: 'Account statements' })]);
    expect(await usersNamed(model.userName)).toBe(0);
    expect((await post('/api/processRegisteringNoDupes', payload, { proof })).statusCode).toBe(200);

    const blocked = person();
    const lau = await throughStep3(blocked, ['LAU-BILL'], { exp: 'LAU' });
    const lauPayload = { ...blocked, reportsLst: lau.reportsLst, choosenReports: fill(lau.choosenReports, HELD_BILLS_OWNER) };
    const refused = await post('/api/processregistering', lauPayload, { exp: 'LAU', proof: lau.proof });
    expect(refused.json()).toMatchObject({ error: 'errors.subscriptionInUse', blockDuplicate: true });
    const stillRefused = await post('/api/processRegisteringNoDupes', lauPayload, { exp: 'LAU', proof: lau.proof });
    expect(stillRefused.statusCode).toBe(409);
    expect(await usersNamed(blocked.userName)).toBe(0);
  });

  it('is all or nothing: a failure at the last write leaves no user, no access and a usable code', async () => {
    const model = person();
    const { proof, reportsLst, choosenReports } = await throughStep3(model, ['NBF-TAX']);
    const payload = { ...model, reportsLst, choosenReports: fill(choosenReports, TAX_OWNER) };
    const db = t.database.db;
    await sql`CREATE FUNCTION refuse_criteria() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$`.execute(
      db,
    );
    await sql`CREATE TRIGGER refuse_criteria BEFORE INSERT ON access_criteria FOR EACH ROW EXECUTE FUNCTION refuse_criteria()`.execute(db);
    try {
      const failed = await post('/api/processregistering', payload, { proof });
      expect(failed.statusCode).toBe(500);
      expect(failed.json().error).toBe('errors.unexpected');
    } finally {
      await sql`DROP TRIGGER refuse_criteria ON access_criteria`.execute(db);
      await sql`DROP FUNCTION refuse_criteria()`.execute(db);
    }
    expect(await usersNamed(model.userName)).toBe(0);
    expect((await post('/api/processregistering', payload, { proof })).statusCode).toBe(200);
    expect(await usersNamed(model.userName)).toBe(1);
  });

  it('answers a username taken between its check and the insert as taken, and keeps the code usable', async () => {
    const model = person();
    const { proof, reportsLst, choosenReports } = await throughStep3(model, ['NBF-TAX']);
    const payload = { ...model, reportsLst, choosenReports: fill(choosenReports, TAX_OWNER) };
    const db = t.database.db;
    // Another registration saving the same name at that moment looks, to this one, like the unique index refusing it.
    await sql`CREATE FUNCTION lose_username_race() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE unique_violation; END $$`.execute(db);
    await sql`CREATE TRIGGER lose_username_race BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION lose_username_race()`.execute(db);
    try {
      const refused = await post('/api/processRegisteringNoDupes', payload, { proof });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'errors.registrationUsernameTaken', msg: 'The username provided is already used.' });
    } finally {
      await sql`DROP TRIGGER lose_username_race ON users`.execute(db);
      await sql`DROP FUNCTION lose_username_race()`.execute(db);
    }
    expect(await usersNamed(model.userName)).toBe(0);
    expect((await post('/api/processRegisteringNoDupes', payload, { proof })).statusCode).toBe(200);
  });

  it('is closed where the client has no onboarding', async () => {
    await t.database.db.updateTable('clients').set({ onboarding_enabled: false }).where('code', '=', 'LAU').execute();
    try {
      const closed = await post('/api/validateregistrationstep1', person(), { exp: 'LAU' });
      expect(closed.statusCode).toBe(403);
      expect(closed.json().error).toBe('errors.onboardingUnavailable');
    } finally {
      await t.database.db.updateTable('clients').set({ onboarding_enabled: true }).where('code', '=', 'LAU').execute();
    }
  });
});

describe('abuse limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ REGISTRATION_LIMIT_PER_IP: '3', REGISTRATION_LIMIT_PER_EMAIL: '2', CODE_SEND_LIMIT_PER_EMAIL: '1' });
  });
  afterAll(() => limited.close());

  const send = (url: string, payload: unknown, ip: string) =>
    limited.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: { cookie: 'exp=NBF' },
      remoteAddress: ip,
    });

  it('limits registration attempts per address', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await send('/api/validateregistrationstep1', person({ userName: 'demo.user' }), '10.9.0.1')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
    const refused = await send('/api/processregistering', person(), '10.9.0.1');
    expect(refused.json().error).toBe('errors.tooManyRequests');
    expect((await send('/api/validateregistrationstep1', person({ userName: 'demo.user' }), '10.9.0.2')).statusCode).toBe(400);
  });

  it('limits registration attempts per e-mail address, whatever the sender’s address', async () => {
    const model = person({ userName: 'demo.user' });
    const statuses = [];
    for (const ip of ['10.9.2.1', '10.9.2.2', '10.9.2.3'])
      statuses.push((await send('/api/validateregistrationstep1', model, ip)).statusCode);
    expect(statuses).toEqual([400, 400, 429]);
  });

  it('limits codes sent per e-mail address, whatever the sender’s address', async () => {
    const model = person();
    expect((await send('/api/validateregistrationstep1', model, '10.9.1.1')).statusCode).toBe(200);
    await limited.database.db
      .updateTable('one_time_codes')
      .set({ created_at: new Date(Date.now() - 10 * 60_000) })
      .where('target', '=', model.email)
      .execute();
    const second = await send('/api/sendcontactvalidationcode', model, '10.9.1.2');
    expect(second.statusCode).toBe(429);
    expect(second.json().error).toBe('errors.tooManyRequests');
  });
});
