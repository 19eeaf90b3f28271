import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ERROR_KEYS } from '@portal/contract';
import { codeOf } from '../../../test-support/smtp-sink.js';
import { signInToCodeStep } from './mfa-helpers.js';
import { SoftwareAuthenticator } from './software-authenticator.js';
import { createTestApp, DEMO_PASSWORD, sessionCookieOf, signIn, type TestApp } from './test-app.js';
import { answerOf } from './wire.js';

/** The test app's public address (PUBLIC_URL): the relying party id and the one origin passkeys are accepted from. */
const RP_ID = 'portal.test';
const ORIGIN = 'http://portal.test';
const USERNAME = 'demo.user';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_LIMIT_PER_USERNAME: '100', LOGIN_LIMIT_PER_IP: '1000' });
  // demo.user signs in with a code here, as a customer whose client asks for one.
  await t.database.db.updateTable('users').set({ mfa_active: true }).where('username', '=', USERNAME).execute();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

/** Asks for the confirmation code in Settings and answers the one e-mailed. */
async function confirmationCode(session: string, username = USERNAME): Promise<string> {
  const before = t.smtp.messages.length;
  const sent = await call('POST', '/api/account/passkeys/code', session);
  expect(sent.statusCode).toBe(200);
  expect(answerOf(endpoints.sendPasskeyCode, sent)).toMatchObject({ channel: 'email', target: 'd***@example.com' });
  const mail = await t.smtp.waitFor(`${username}@example.com`, { after: before });
  expect(mail.subject).toBe('Your code to add a passkey');
  return codeOf(mail);
}

/** Adds a passkey through Settings' calls: the code, the options, the authenticator's answer. */
async function addPasskey(session: string, authenticator: SoftwareAuthenticator, name = 'My phone', username = USERNAME) {
  const code = await confirmationCode(session, username);
  const options = answerOf(
    endpoints.passkeyRegistrationOptions,
    await call('POST', '/api/account/passkeys/registration-options', session, { Code: code }),
  ).options;
  return call('POST', '/api/account/passkeys', session, { Name: name, Code: code, Credential: authenticator.register(options) });
}

/**
 * The code step reached and a passkey challenge asked for: the pending session and the options.
 * (Within the resend delay no new code is mailed: the passkey needs none.)
 */
async function passkeyChallenge(username = USERNAME) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/login/processlogin',
    payload: { UserName: username, Password: DEMO_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  const pending = { cookie: sessionCookieOf(response), user: response.json().user };
  const options = await call('POST', '/login/passkey-options', pending.cookie);
  return { pending, options };
}

const answerWithPasskey = (pendingCookie: string, credential: object) =>
  call('POST', '/login/passkey', pendingCookie, { Credential: credential, DeviceId: 'test-device' });

const lastAttempt = async () =>
  t.database.db
    .selectFrom('connection_log as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.succeeded', 'l.reason', 'l.second_step'])
    .where('u.username', '=', USERNAME)
    .orderBy('l.id', 'desc')
    .executeTakeFirstOrThrow();

describe('adding a passkey in Settings', () => {
  it('needs a fully signed-in session and a code sent by the person’s channel, then keeps the passkey under its name', async () => {
    const pending = await signInToCodeStep(t.app, t.smtp, USERNAME);
    expect((await call('POST', '/api/account/passkeys/code', pending.cookie)).statusCode).toBe(401);
    expect(pending.user.passkeys).toBeUndefined();

    const session = await signIn(t, USERNAME);
    const wrongCode = await call('POST', '/api/account/passkeys/registration-options', session, { Code: '0000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error).toBe(ERROR_KEYS.codeInvalid);

    const code = await confirmationCode(session);
    const options = answerOf(
      endpoints.passkeyRegistrationOptions,
      await call('POST', '/api/account/passkeys/registration-options', session, { Code: code }),
    ).options;
    expect(options).toMatchObject({ rp: { id: RP_ID }, user: { name: USERNAME } });

    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const elsewhere = await call('POST', '/api/account/passkeys', session, {
      Name: 'Phishing page',
      Code: code,
      Credential: authenticator.register(options, { origin: 'http://portal.test.evil.example' }),
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error).toBe(ERROR_KEYS.passkeyRefused);
    // The refused answer used the challenge up: the right one cannot follow it.
    const late = await call('POST', '/api/account/passkeys', session, {
      Name: 'Late',
      Code: code,
      Credential: authenticator.register(options),
    });
    expect(late.json().error).toBe(ERROR_KEYS.passkeyRefused);
    // A prompt closed or refused leaves the code usable: new options, and this time the passkey.
    const retried = answerOf(
      endpoints.passkeyRegistrationOptions,
      await call('POST', '/api/account/passkeys/registration-options', session, { Code: code }),
    ).options;
    const kept = await call('POST', '/api/account/passkeys', session, {
      Name: 'First try',
      Code: code,
      Credential: new SoftwareAuthenticator(RP_ID, ORIGIN).register(retried),
    });
    expect(kept.statusCode).toBe(200);
    // The code is used up with the passkey it confirmed.
    const used = await call('POST', '/api/account/passkeys/registration-options', session, { Code: code });
    expect(used.json().error).toBe(ERROR_KEYS.codeInvalid);

    const added = await addPasskey(session, authenticator, '  Work laptop  ');
    expect(added.statusCode).toBe(200);
    expect(answerOf(endpoints.registerPasskey, added).data).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    // The same authenticator again is refused, and the code stays usable for another one.
    const nextCode = await confirmationCode(session);
    const register = async (with_: SoftwareAuthenticator, name: string) => {
      const offered = answerOf(
        endpoints.passkeyRegistrationOptions,
        await call('POST', '/api/account/passkeys/registration-options', session, { Code: nextCode }),
      ).options;
      return call('POST', '/api/account/passkeys', session, { Name: name, Code: nextCode, Credential: with_.register(offered) });
    };
    const again = await register(authenticator, 'Twice');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ERROR_KEYS.passkeyAlreadyRegistered);
    expect((await register(new SoftwareAuthenticator(RP_ID, ORIGIN), 'Phone')).statusCode).toBe(200);

    const listed = answerOf(endpoints.listPasskeys, await call('GET', '/api/account/passkeys', session)).data;
    expect(listed.map((passkey) => passkey.name)).toEqual(['First try', 'Work laptop', 'Phone']);
    expect(JSON.stringify(listed)).not.toContain(authenticator.id);
  });

  it('is renamed and removed by its person only', async () => {
    const session = await signIn(t, USERNAME);
    const added = answerOf(endpoints.registerPasskey, await addPasskey(session, new SoftwareAuthenticator(RP_ID, ORIGIN), 'Old name')).data;
    const stranger = await signIn(t, 'demo.admin');
    expect((await call('PUT', `/api/account/passkeys/${added.id}`, stranger, { Name: 'Mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/account/passkeys/${added.id}`, stranger)).statusCode).toBe(404);
    const blank = await call('PUT', `/api/account/passkeys/${added.id}`, session, { Name: '   ' });
    expect(blank.statusCode).toBe(400);

    const renamed = await call('PUT', `/api/account/passkeys/${added.id}`, session, { Name: 'Tablet' });
    expect(answerOf(endpoints.renamePasskey, renamed).data.name).toBe('Tablet');
    expect((await call('DELETE', `/api/account/passkeys/${added.id}`, session)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/account/passkeys/${added.id}`, session)).statusCode).toBe(404);
    const names = answerOf(endpoints.listPasskeys, await call('GET', '/api/account/passkeys', session)).data.map((passkey) => passkey.name);
    expect(names).not.toContain('Tablet');
  });
});

describe('a passkey at the code step', () => {
  let authenticator: SoftwareAuthenticator;
  beforeAll(async () => {
    authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    expect((await addPasskey(await signIn(t, USERNAME), authenticator, 'Sign-in key')).statusCode).toBe(200);
  });

  it('signs in instead of the code, once, and is marked in the connection log', async () => {
    const { pending, options } = await passkeyChallenge();
    expect(pending.user.passkeys).toBe(true);
    const offered = answerOf(endpoints.passkeySignInOptions, options).options;
    expect(offered).toMatchObject({ rpId: RP_ID });
    expect((offered.allowCredentials as { id: string }[]).map((credential) => credential.id)).toContain(authenticator.id);

    const assertion = authenticator.authenticate(offered);
    const signedIn = await answerWithPasskey(pending.cookie, assertion);
    expect(signedIn.statusCode).toBe(200);
    expect(answerOf(endpoints.passkeySignIn, signedIn).user.mfa).toBe(false);
    const session = sessionCookieOf(signedIn);
    expect((await call('GET', '/api/account/passkeys', session)).statusCode).toBe(200);
    expect(await lastAttempt()).toMatchObject({ succeeded: true, reason: 'signed-in', second_step: 'passkey' });
    const used = answerOf(endpoints.listPasskeys, await call('GET', '/api/account/passkeys', session)).data.find(
      (passkey) => passkey.name === 'Sign-in key',
    );
    expect(used?.lastUsedAt).not.toBeNull();

    // The same answer replayed at a later code step: its challenge is not the one asked now.
    const later = await passkeyChallenge();
    const replayed = await answerWithPasskey(later.pending.cookie, assertion);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error).toBe(ERROR_KEYS.passkeyRefused);
    expect(await lastAttempt()).toMatchObject({ succeeded: false, reason: 'wrong-passkey' });
  });

  it('answers each challenge once: a refused answer leaves nothing to answer again', async () => {
    const before = t.smtp.messages.length;
    const { pending, options } = await passkeyChallenge();
    const offered = answerOf(endpoints.passkeySignInOptions, options).options;
    const elsewhere = await answerWithPasskey(pending.cookie, authenticator.authenticate(offered, { origin: 'http://evil.example' }));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error).toBe(ERROR_KEYS.passkeyRefused);
    const rightButLate = await answerWithPasskey(pending.cookie, authenticator.authenticate(offered));
    expect(rightButLate.json().error).toBe(ERROR_KEYS.passkeyRefused);
    // The code still works: a passkey is an alternative, not a replacement.
    // Within the resend delay the code mailed last is still the one.
    const to = `${USERNAME}@example.com`;
    const match = (mail: { subject: string }) => mail.subject === 'Your sign-in code';
    const mail = await t.smtp.waitFor(to, { after: before, match, timeoutMs: 2_000 }).catch(() => t.smtp.waitFor(to, { match }));
    const byCode = await call('POST', '/login/mfacodevalidation', pending.cookie, { MFACode: codeOf(mail) });
    expect(byCode.statusCode).toBe(200);
  });

  it('refuses a counter that goes backwards, as a cloned authenticator would send', async () => {
    const { pending, options } = await passkeyChallenge();
    const offered = answerOf(endpoints.passkeySignInOptions, options).options;
    const stored = await t.database.db
      .selectFrom('passkeys')
      .select(sql<number>`counter::int`.as('counter'))
      .where('credential_id', '=', authenticator.id)
      .executeTakeFirstOrThrow();
    const cloned = await answerWithPasskey(pending.cookie, authenticator.authenticate(offered, { counter: stored.counter }));
    expect(cloned.statusCode).toBe(400);
    expect(cloned.json().error).toBe(ERROR_KEYS.passkeyRefused);
    // The same authenticator, its counter past the one kept, is accepted at the next challenge.
    const next = await passkeyChallenge();
    const nextOffered = answerOf(endpoints.passkeySignInOptions, next.options).options;
    const forward = await answerWithPasskey(next.pending.cookie, authenticator.authenticate(nextOffered, { counter: stored.counter + 5 }));
    expect(forward.statusCode).toBe(200);
  });

  it('refuses a passkey of someone else, and one removed after its challenge was given', async () => {
    const other = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const otherSession = await signIn(t, 'demo.internal');
    expect((await addPasskey(otherSession, other, 'Not yours', 'demo.internal')).statusCode).toBe(200);
    const { pending, options } = await passkeyChallenge();
    const offered = answerOf(endpoints.passkeySignInOptions, options).options;
    expect((await answerWithPasskey(pending.cookie, other.authenticate(offered))).json().error).toBe(ERROR_KEYS.passkeyRefused);

    const next = await passkeyChallenge();
    const nextOffered = answerOf(endpoints.passkeySignInOptions, next.options).options;
    const session = await signIn(t, USERNAME);
    for (const passkey of answerOf(endpoints.listPasskeys, await call('GET', '/api/account/passkeys', session)).data) {
      expect((await call('DELETE', `/api/account/passkeys/${passkey.id}`, session)).statusCode).toBe(200);
    }
    const removed = await answerWithPasskey(next.pending.cookie, authenticator.authenticate(nextOffered));
    expect(removed.json().error).toBe(ERROR_KEYS.passkeyRefused);
    const none = await passkeyChallenge();
    expect(none.pending.user.passkeys).toBeUndefined();
    expect(none.options.statusCode).toBe(404);
    expect(none.options.json().error).toBe(ERROR_KEYS.noPasskey);
  });

  it('changes nothing in what a wrong password is told, and an administrator’s reset removes every passkey', async () => {
    const session = await signIn(t, USERNAME);
    expect((await addPasskey(session, new SoftwareAuthenticator(RP_ID, ORIGIN), 'Before reset')).statusCode).toBe(200);
    const wrong = (username: string) =>
      t.app.inject({ method: 'POST', url: '/login/processlogin', payload: { UserName: username, Password: 'Wrong#2026' } });
    const withPasskey = await wrong(USERNAME);
    const unknown = await wrong('nobody.at.all');
    expect(withPasskey.statusCode).toBe(unknown.statusCode);
    expect(withPasskey.json()).toEqual(unknown.json());

    const admin = await signIn(t, 'demo.admin');
    const userId = (await t.database.db.selectFrom('users').select('id').where('username', '=', USERNAME).executeTakeFirstOrThrow()).id;
    expect((await call('POST', '/api/usermanagement/resetpassword', admin, { userId })).statusCode).toBe(200);
    const left = await t.database.db.selectFrom('passkeys').select('id').where('user_id', '=', userId).execute();
    expect(left).toEqual([]);
  });
});
