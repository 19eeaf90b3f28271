import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ERROR_KEYS } from '@portal/contract';
import { codeOf } from '../../../test-support/smtp-sink.js';
import { createTestApp, DEMO_PASSWORD, sessionCookieOf, signIn, type TestApp } from './test-app.js';
import { answerOf } from './wire.js';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Signs in with password and e-mailed code from a browser at an address; the code step may be given a wrong code first. */
async function signInFrom(username: string, userAgent: string, remoteAddress: string, options: { wrongCodeFirst?: boolean } = {}) {
  const before = t.smtp.messages.length;
  const password = await t.app.inject({
    method: 'POST',
    url: '/login/processlogin',
    payload: { UserName: username, Password: DEMO_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(password.statusCode).toBe(200);
  const pending = sessionCookieOf(password);
  const to = `${username}@example.com`;
  const mail = await t.smtp.waitFor(to, { after: before, timeoutMs: 3_000 }).catch(() => t.smtp.waitFor(to));
  const validate = (code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/login/mfacodevalidation',
      payload: { MFACode: code },
      headers: { cookie: pending, 'user-agent': userAgent },
      remoteAddress,
    });
  if (options.wrongCodeFirst) expect((await validate(codeOf(mail) === '0000000' ? '1111111' : '0000000')).statusCode).toBe(400);
  const validated = await validate(codeOf(mail));
  expect(validated.statusCode).toBe(200);
  return sessionCookieOf(validated);
}

const sessionsOf = async (cookie: string) =>
  answerOf(endpoints.listOwnSessions, await t.app.inject({ url: '/api/account/sessions', headers: { cookie } })).data;
const stillSignedIn = async (cookie: string) => (await t.app.inject({ url: '/login/account-status', headers: { cookie } })).statusCode;
const endSession = (cookie: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${id}`, headers: { cookie } });

describe("a person's own sessions", () => {
  it('lists the sessions signed in, in plain words, the asking one marked, without sessions still at the code step', async () => {
    const phone = await signInFrom('demo.internal', PHONE, '203.0.113.7');
    const desktop = await signInFrom('demo.internal', DESKTOP, '2001:db8:85a3::8a2e:370:7334');
    // Past the password but not the code: not a session the person is signed in with.
    await t.app.inject({ method: 'POST', url: '/login/processlogin', payload: { UserName: 'demo.internal', Password: DEMO_PASSWORD } });

    const listed = await sessionsOf(desktop);
    expect(listed).toHaveLength(2);
    expect(listed.find((session) => session.current)).toMatchObject({
      browser: 'Firefox 133',
      system: 'Windows 10',
      mobile: false,
      network: '2001:db8:85a3::/48',
    });
    expect(listed.find((session) => !session.current)).toMatchObject({
      browser: 'Chrome 131',
      system: 'Android 14',
      mobile: true,
      network: '203.0.113.0/24',
    });
    // The listing names sessions by an id that is neither the cookie nor its hash.
    const cookieValue = phone.split('=')[1]!;
    for (const session of listed) expect(session.id).not.toContain(cookieValue);
    expect((await sessionsOf(phone)).filter((session) => session.current)).toHaveLength(1);
  });

  it('signs one other session out: that browser is refused, this one goes on; nobody ends what is not theirs', async () => {
    const mine = await signInFrom('lau.admin', DESKTOP, '198.51.100.4');
    const other = await signInFrom('lau.admin', PHONE, '198.51.100.5');
    const stranger = await signIn(t, 'demo.admin');
    const otherId = (await sessionsOf(mine)).find((session) => !session.current)!.id;

    const byStranger = await endSession(stranger, otherId);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().error).toBe(ERROR_KEYS.notFound);
    expect(await stillSignedIn(other)).toBe(200);

    expect(answerOf(endpoints.endOwnSession, await endSession(mine, otherId)).data).toEqual({ ended: 1 });
    expect(await stillSignedIn(other)).toBe(401);
    expect(await stillSignedIn(mine)).toBe(200);
    expect((await endSession(mine, otherId)).statusCode).toBe(404);
    expect((await endSession(mine, 'not-a-session')).statusCode).toBe(400);
  });

  it('signs every other session out at once', async () => {
    const first = await signInFrom('demo.super', DESKTOP, '192.0.2.10');
    const second = await signInFrom('demo.super', PHONE, '192.0.2.11');
    const current = await signInFrom('demo.super', DESKTOP, '192.0.2.12');
    const ended = await t.app.inject({
      method: 'POST',
      url: '/api/account/sessions/end-others',
      headers: { cookie: current },
    });
    expect(answerOf(endpoints.endOtherOwnSessions, ended).data).toEqual({ ended: 2 });
    expect([await stillSignedIn(first), await stillSignedIn(second), await stillSignedIn(current)]).toEqual([401, 401, 200]);
    expect((await sessionsOf(current)).map((session) => session.current)).toEqual([true]);
  });

  it('answers none of it without a session', async () => {
    expect((await t.app.inject({ url: '/api/account/sessions' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/account/sign-ins' })).statusCode).toBe(401);
  });
});

describe("a person's sign-in history", () => {
  it('shows the last 90 days of attempts on the account, newest first, with how each went and from where', async () => {
    const user = await t.database.db.selectFrom('users').select('id').where('username', '=', 'demo.admin').executeTakeFirstOrThrow();
    // Older than 90 days: not shown.
    await t.database.db
      .insertInto('connection_log')
      .values({
        user_id: user.id,
        username_attempted: 'demo.admin',
        succeeded: true,
        reason: 'signed-in',
        occurred_at: new Date(Date.now() - 91 * 86_400_000),
      })
      .execute();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/login/processlogin',
      payload: { UserName: 'demo.admin', Password: 'Wrong#2026' },
      headers: { 'user-agent': PHONE },
      remoteAddress: '203.0.113.40',
    });
    expect(wrong.statusCode).toBe(400);
    // Attempts with other names, known or not, are not this account's.
    await t.app.inject({ method: 'POST', url: '/login/processlogin', payload: { UserName: 'nobody.at.all', Password: 'Wrong#2026' } });
    const cookie = await signInFrom('demo.admin', DESKTOP, '198.51.100.77', { wrongCodeFirst: true });

    const history = answerOf(endpoints.ownSignInHistory, await t.app.inject({ url: '/api/account/sign-ins', headers: { cookie } })).data;
    const recent = history.filter((entry) => Date.now() - Date.parse(entry.at) < 60_000);
    expect(
      recent
        .slice(0, 4)
        .map(({ result, succeeded, secondStep, browser, network }) => ({ result, succeeded, secondStep, browser, network })),
    ).toEqual([
      { result: 'signed-in', succeeded: true, secondStep: 'email', browser: 'Firefox 133', network: '198.51.100.0/24' },
      { result: 'wrong-code', succeeded: false, secondStep: null, browser: 'Firefox 133', network: '198.51.100.0/24' },
      { result: 'password-accepted', succeeded: true, secondStep: null, browser: 'Firefox 133', network: '198.51.100.0/24' },
      { result: 'wrong-password', succeeded: false, secondStep: null, browser: 'Chrome 131', network: '203.0.113.0/24' },
    ]);
    expect(history.every((entry) => Date.now() - Date.parse(entry.at) < 90 * 86_400_000)).toBe(true);
    const times = history.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe("an administrator and a managed user's sessions", () => {
  const idOf = async (username: string) =>
    (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  it("shows an administrator the sessions of a user it manages and signs that user out everywhere, audited; others' users are not found", async () => {
    const admin = await signIn(t, 'demo.admin');
    const customer = await signIn(t, 'demo.user');
    const customerId = await idOf('demo.user');

    const listed = answerOf(
      endpoints.listUserSessions,
      await t.app.inject({ url: `/api/usermanagement/users/${customerId}/sessions`, headers: { cookie: admin } }),
    ).data;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((session) => !session.current)).toBe(true);

    const ended = answerOf(
      endpoints.endUserSessions,
      await t.app.inject({ method: 'POST', url: `/api/usermanagement/users/${customerId}/sessions/end`, headers: { cookie: admin } }),
    ).data;
    expect(ended.ended).toBe(listed.length);
    expect(await stillSignedIn(customer)).toBe(401);
    expect(await stillSignedIn(admin)).toBe(200);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'endSessions')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_user_id: await idOf('demo.admin'),
      target_user_id: customerId,
      after: { sessionsEnded: ended.ended },
    });

    // Another client's user answers as no user at all; a customer may not ask.
    const otherClients = await t.app.inject({
      url: `/api/usermanagement/users/${await idOf('lau.user')}/sessions`,
      headers: { cookie: admin },
    });
    expect(otherClients.statusCode).toBe(404);
    expect(otherClients.json().error).toBe(ERROR_KEYS.userNotFound);
    const byCustomer = await t.app.inject({
      url: `/api/usermanagement/users/${customerId}/sessions`,
      headers: { cookie: await signIn(t, 'demo.user') },
    });
    expect(byCustomer.statusCode).toBe(403);
  });
});
