import { describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { sql } from 'kysely';
import {
  HELD_BILLS_OWNER,
  HELD_STATEMENTS_OWNER,
  PASSWORD,
  SECOND_STATEMENTS_OWNER,
  STATEMENTS_OWNER,
  TAX_OWNER,
  fill,
  person,
  proofCookieOf,
  openRegistrationFixture,
  type PostOptions,
} from './registration-fixture.js';
import { useFixture } from './fixture-hooks.js';
import { signIn } from './test-app.js';
import { answerOf } from './wire.js';

const registration = useFixture(openRegistrationFixture);

describe('completing a registration', () => {
  it('creates the user with the session language and e-mail MFA, granting exactly the proven owner’s documents', async () => {
    const model = person();
    const { proof, reportsLst, choosenReports } = await registration.throughStep3(model, ['NBF-STMT'], { lang: 'fr' });
    // The specification's model alone: the code proven at step 2 is remembered for this browser.
    const done = await registration.post(
      '/api/processregistering',
      { ...model, reportsLst, choosenReports: fill(choosenReports, { number: STATEMENTS_OWNER.number, postalCode: ' H3A  2B2 ' }) },
      { lang: 'fr', proof },
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ Username: model.userName, Password: PASSWORD });
    expect(proofCookieOf(done)?.value).toBe('');

    const created = await registration.t.database.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', model.userName)
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({ role_code: 'USER', contact_language: 'fr', mfa_active: true, mfa_type: 0, must_set_password: false });

    const cookie = await signIn(registration.t, model.userName, PASSWORD);
    const reports = answerOf(
      endpoints.getReports,
      await registration.t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie } }),
    ).ReportsInfos;
    expect(reports.map((r) => [r.Code, r.DocumentCount])).toEqual([['NBF-STMT', STATEMENTS_OWNER.documents]]);
    const list = await registration.t.app.inject({
      method: 'POST',
      url: '/Dashboard/ReportData/NBF-STMT',
      payload: { page: 1, perPage: 50 },
      headers: { cookie },
    });
    expect(answerOf(endpoints.reportData, list).Results.every((row) => row.accountNumber === STATEMENTS_OWNER.number)).toBe(true);

    // The proof was used up with the code: once the address is free again, it registers nobody else.
    await registration.t.database.db.updateTable('users').set({ deleted_at: new Date() }).where('username', '=', model.userName).execute();
    const again = { ...model, userName: `${model.userName}.again`, reportsLst, choosenReports: fill(choosenReports, STATEMENTS_OWNER) };
    const reused = await registration.post('/api/processRegisteringNoDupes', again, { proof });
    expect(reused.json().error).toBe('errors.registrationNotVerified');
    expect(await registration.usersNamed(again.userName)).toBe(0);
  });

  it('still accepts the code sent again beside the model, and checks it', async () => {
    const model = person();
    const { code, reportsLst, choosenReports } = await registration.throughStep3(model, ['NBF-STMT']);
    const payload = { ...model, reportsLst, choosenReports: fill(choosenReports, STATEMENTS_OWNER) };
    const wrong = await registration.post('/api/processRegisteringNoDupes', {
      ...payload,
      contactValidationCode: code === '0000000' ? '1111111' : '0000000',
    });
    expect(wrong.json().error).toBe('errors.registrationCodeInvalid');
    const done = await registration.post('/api/processRegisteringNoDupes', { ...payload, contactValidationCode: code });
    expect(done.statusCode, done.body).toBe(200);
    expect(await registration.usersNamed(model.userName)).toBe(1);
  });

  it('creates nothing without a live proof of step 2 for this browser and this address', async () => {
    const model = person();
    const { proof, reportsLst, choosenReports } = await registration.throughStep3(model, ['NBF-STMT']);
    const payload = { ...model, reportsLst, choosenReports: fill(choosenReports, STATEMENTS_OWNER) };
    const other = person();
    const otherProof = (await registration.throughStep3(other, ['NBF-STMT'])).proof;

    const refusals: [string, unknown, PostOptions][] = [
      ['a browser that never passed step 2', payload, {}],
      ['a forged proof', payload, { proof: 'not-a-proof' }],
      ['another browser’s proof', payload, { proof: otherProof }],
      ['the address changed after step 2', { ...payload, email: `changed.${model.email}` }, { proof }],
    ];
    for (const [what, body, options] of refusals) {
      const response = await registration.post('/api/processRegisteringNoDupes', body, options);
      expect(response.statusCode, what).toBe(400);
      expect(response.json(), what).toMatchObject({
        error: 'errors.registrationNotVerified',
        msg: expect.stringContaining('not been verified'),
      });
    }
    expect(await registration.usersNamed(model.userName)).toBe(0);

    // A proof lives as long as the code it stands for.
    const codes = registration.t.database.db.updateTable('one_time_codes').where('target', '=', model.email);
    await codes.set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await registration.post('/api/processRegisteringNoDupes', payload, { proof })).json().error).toBe(
      'errors.registrationNotVerified',
    );
    await codes.set({ expires_at: new Date(Date.now() + 60_000) }).execute();
    expect((await registration.post('/api/processRegisteringNoDupes', payload, { proof })).statusCode).toBe(200);
    expect(await registration.usersNamed(model.userName)).toBe(1);
  });

  it('refuses forged final payloads and creates nobody', async () => {
    const model = person();
    const { proof, reportsLst, choosenReports } = await registration.throughStep3(model, ['NBF-STMT']);
    const valid = { ...model, reportsLst, choosenReports: fill(choosenReports, SECOND_STATEMENTS_OWNER) };
    const lauBill = await registration.reportId('LAU-BILL');
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
      const response = await registration.post('/api/processregistering', payload, { proof });
      expect(response.statusCode, what).toBe(400);
      expect(response.json().error, what).toBe(error);
    }
    const wrongOwner = await registration.post(
      '/api/processregistering',
      {
        ...valid,
        choosenReports: fill(choosenReports, { number: SECOND_STATEMENTS_OWNER.number, postalCode: HELD_STATEMENTS_OWNER.postalCode }),
      },
      { proof },
    );
    expect(wrongOwner.json()).toMatchObject({ error: 'errors.subscriptionInvalid', msg: 'The information is not valid.' });
    expect(wrongOwner.json().reportErrorList).toEqual([expect.objectContaining({ TitleEn: 'Account statements' })]);
    expect(await registration.usersNamed(model.userName)).toBe(0);

    // The code and its proof survived every refusal: the genuine payload still completes.
    expect((await registration.post('/api/processregistering', valid, { proof })).statusCode).toBe(200);
  });

  it('reports data another user holds; continuing is allowed only when the client does not block duplicates', async () => {
    const model = person();
    const { proof, reportsLst, choosenReports } = await registration.throughStep3(model, ['NBF-STMT']);
    const payload = { ...model, reportsLst, choosenReports: fill(choosenReports, HELD_STATEMENTS_OWNER) };
    const duplicate = await registration.post('/api/processregistering', payload, { proof });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ error: 'errors.subscriptionInUse', duplicate: true, blockDuplicate: false });
    expect(duplicate.json().reportErrorList).toEqual([expect.objectContaining({ TitleEn: 'Account statements' })]);
    expect(await registration.usersNamed(model.userName)).toBe(0);
    expect((await registration.post('/api/processRegisteringNoDupes', payload, { proof })).statusCode).toBe(200);

    const blocked = person();
    const lau = await registration.throughStep3(blocked, ['LAU-BILL'], { exp: 'LAU' });
    const lauPayload = { ...blocked, reportsLst: lau.reportsLst, choosenReports: fill(lau.choosenReports, HELD_BILLS_OWNER) };
    const refused = await registration.post('/api/processregistering', lauPayload, { exp: 'LAU', proof: lau.proof });
    expect(refused.json()).toMatchObject({ error: 'errors.subscriptionInUse', blockDuplicate: true });
    const stillRefused = await registration.post('/api/processRegisteringNoDupes', lauPayload, { exp: 'LAU', proof: lau.proof });
    expect(stillRefused.statusCode).toBe(409);
    expect(await registration.usersNamed(blocked.userName)).toBe(0);
  });

  it('is all or nothing: a failure at the last write leaves no user, no access and a usable code', async () => {
    const model = person();
    const { proof, reportsLst, choosenReports } = await registration.throughStep3(model, ['NBF-TAX']);
    const payload = { ...model, reportsLst, choosenReports: fill(choosenReports, TAX_OWNER) };
    const db = registration.t.database.db;
    await sql`CREATE FUNCTION refuse_criteria() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$`.execute(
      db,
    );
    await sql`CREATE TRIGGER refuse_criteria BEFORE INSERT ON access_criteria FOR EACH ROW EXECUTE FUNCTION refuse_criteria()`.execute(db);
    try {
      const failed = await registration.post('/api/processregistering', payload, { proof });
      expect(failed.statusCode).toBe(500);
      expect(failed.json().error).toBe('errors.unexpected');
    } finally {
      await sql`DROP TRIGGER refuse_criteria ON access_criteria`.execute(db);
      await sql`DROP FUNCTION refuse_criteria()`.execute(db);
    }
    expect(await registration.usersNamed(model.userName)).toBe(0);
    expect((await registration.post('/api/processregistering', payload, { proof })).statusCode).toBe(200);
    expect(await registration.usersNamed(model.userName)).toBe(1);
  });

  it('answers a username taken between its check and the insert as taken, and keeps the code usable', async () => {
    const model = person();
    const { proof, reportsLst, choosenReports } = await registration.throughStep3(model, ['NBF-TAX']);
    const payload = { ...model, reportsLst, choosenReports: fill(choosenReports, TAX_OWNER) };
    const db = registration.t.database.db;
    // Another registration saving the same name at that moment looks, to this one, like the unique index refusing it.
    await sql`CREATE FUNCTION lose_username_race() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE unique_violation; END $$`.execute(db);
    await sql`CREATE TRIGGER lose_username_race BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION lose_username_race()`.execute(db);
    try {
      const refused = await registration.post('/api/processRegisteringNoDupes', payload, { proof });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'errors.registrationUsernameTaken', msg: 'The username provided is already used.' });
    } finally {
      await sql`DROP TRIGGER lose_username_race ON users`.execute(db);
      await sql`DROP FUNCTION lose_username_race()`.execute(db);
    }
    expect(await registration.usersNamed(model.userName)).toBe(0);
    expect((await registration.post('/api/processRegisteringNoDupes', payload, { proof })).statusCode).toBe(200);
  });

  it('is closed where the client has no onboarding', async () => {
    await registration.t.database.db.updateTable('clients').set({ onboarding_enabled: false }).where('code', '=', 'LAU').execute();
    try {
      const closed = await registration.post('/api/validateregistrationstep1', person(), { exp: 'LAU' });
      expect(closed.statusCode).toBe(403);
      expect(closed.json().error).toBe('errors.onboardingUnavailable');
    } finally {
      await registration.t.database.db.updateTable('clients').set({ onboarding_enabled: true }).where('code', '=', 'LAU').execute();
    }
  });
});
