import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema } from '@portal/contract';
import { createTestApp, postRawBody, sessionCookieOf, signIn, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOCKOUT_MAX_ATTEMPTS: '3' });
});
afterAll(() => t.close());

const login = (UserName: string, Password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/login/processlogin', payload: { UserName, Password, DeviceId: 'device-1' }, headers });

describe('GET /login/displaylogin', () => {
  it('resolves the experience from ?exp, then the exp cookie, then the default', async () => {
    const byQuery = await t.app.inject({ url: '/login/displaylogin?exp=lau' });
    expect(byQuery.json()).toMatchObject({ experienceCode: 'LAU', hasOnboarding: true });
    const byCookie = await t.app.inject({ url: '/login/displaylogin', cookies: { exp: 'NBW' } });
    expect(byCookie.json().experienceCode).toBe('NBW');
    const unknown = await t.app.inject({ url: '/login/displaylogin?exp=nope' });
    expect(unknown.json().experienceCode).toBe('NBF');
  });

  it('takes the default language from the lang cookie, then the browser', async () => {
    expect((await t.app.inject({ url: '/login/displaylogin', cookies: { lang: 'fr' } })).json().defaultLanguage).toBe('fr');
    const browser = await t.app.inject({ url: '/login/displaylogin', headers: { 'accept-language': 'fr-CA,fr;q=0.9' } });
    expect(browser.json().defaultLanguage).toBe('fr');
  });

  it('matches the specification paths whatever their case', async () => {
    expect((await t.app.inject({ url: '/LOGIN/DisplayLogin' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/localisation/setlang?lang=en' })).statusCode).toBe(200);
  });
});

describe('POST /login/processlogin', () => {
  it('signs a user in with the spec fields, an HttpOnly SameSite session cookie and the menus of its role', async () => {
    const response = await login('Demo.Admin', 'Portal#2026');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({ firstname: 'Alex', role: 'ADMIN', client: 'NBF', menus: ['userManagement'], redirectTo: '/' });
    const cookie = response.cookies.find((c) => c.name === 'portal_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value.length).toBeGreaterThanOrEqual(40);
  });

  it('stores only a hash of the session id', async () => {
    const response = await login('demo.user', 'Portal#2026');
    const token = response.cookies.find((c) => c.name === 'portal_session')!.value;
    const rows = await t.database.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows.some((row) => row.id_hash === token)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('gives the super user every menu and the plain user none', async () => {
    expect((await login('demo.super', 'Portal#2026')).json().user.menus).toEqual(['userManagement', 'reports', 'apiKeys', 'tenantConsole']);
    expect((await login('demo.user', 'Portal#2026')).json().user.menus).toEqual([]);
  });

  it('answers a wrong password and an unknown username with the same message', async () => {
    const wrong = await login('demo.service', 'Wrong#2026');
    const unknown = await login('nobody.here', 'Wrong#2026');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, error: 'errors.invalidCredentials', msg: 'Username or password incorrect' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rejects missing fields with a 400 and the validation key, never a 500', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/login/processlogin', payload: { UserName: '', Password: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false, error: 'errors.validation' });
    expect(ErrorResponseSchema.parse(empty.json()).issues?.map((issue) => issue.message)).toEqual(
      expect.arrayContaining(['validation.usernameRequired', 'validation.passwordRequired']),
    );
    const tooLong = await login('x'.repeat(51), 'a');
    expect(tooLong.statusCode).toBe(400);
    const malformed = await postRawBody(t, '/login/processlogin', '{not json');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('errors.validation');
  });

  it('locks an account after the configured number of wrong passwords, whatever the client claims', async () => {
    for (let attempt = 0; attempt < 2; attempt++) expect((await login('demo.internal', 'Wrong#1')).statusCode).toBe(400);
    const third = await login('demo.internal', 'Wrong#1');
    expect(third.statusCode).toBe(423);
    expect(third.json().error).toBe('errors.lockedOut');
    const evenRight = await t.app.inject({
      method: 'POST',
      url: '/login/processlogin',
      payload: { UserName: 'demo.internal', Password: 'Portal#2026', LockedOut: false, RejectedPassword: 0 },
    });
    expect(evenRight.statusCode).toBe(423);
  });

  it('tells a soft-deleted user it no longer has access, only after a correct password', async () => {
    await t.database.db.updateTable('users').set({ deleted_at: new Date() }).where('username', '=', 'lau.admin').execute();
    expect((await login('lau.admin', 'Wrong#2026')).json().error).toBe('errors.invalidCredentials');
    const right = await login('lau.admin', 'Portal#2026');
    expect(right.statusCode).toBe(403);
    expect(right.json().msg).toBe('This user has no longer access to the application.');
  });

  it('writes every attempt to the connection log with device and address', async () => {
    await login('demo.user', 'Portal#2026');
    const entry = await t.database.db
      .selectFrom('connection_log')
      .selectAll()
      .where('username_attempted', '=', 'demo.user')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ succeeded: true, device_id: 'device-1' });
    expect(entry.ip).toBeTruthy();
  });
});

describe('sessions', () => {
  it('reaches a guarded call with the session and loses it after logout', async () => {
    const cookie = await signIn(t, 'demo.user');
    const before = await t.app.inject({ url: '/login/account-status', headers: { cookie } });
    expect(before.statusCode).toBe(200);
    expect(before.json().accountStatus).toEqual({ MustSetPassword: false, PasswordExpired: false });

    const logout = await t.app.inject({ url: '/login/logout', headers: { cookie } });
    expect(logout.json()).toEqual({ success: true });
    const after = await t.app.inject({ url: '/login/account-status', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('session-expired');
  });

  it('answers 401 without a session or with a forged one', async () => {
    expect((await t.app.inject({ url: '/login/account-status' })).statusCode).toBe(401);
    const forged = await t.app.inject({ url: '/login/account-status', headers: { cookie: 'portal_session=forged' } });
    expect(forged.statusCode).toBe(401);
  });

  it('loses a session idle too long, past its end, or of a user deleted since, and keeps one in use', async () => {
    const { db } = t.database;
    const status = (cookie: string) => t.app.inject({ url: '/login/account-status', headers: { cookie } });
    const sessionOf = async (username: string) => {
      const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
      return db.updateTable('sessions').where('user_id', '=', user.id);
    };

    const idle = await signIn(t, 'demo.user');
    expect((await status(idle)).statusCode).toBe(200);
    await (await sessionOf('demo.user')).set({ last_seen_at: new Date(Date.now() - 31 * 60_000) }).execute();
    expect((await status(idle)).statusCode).toBe(401);

    const ended = await signIn(t, 'demo.user');
    await (await sessionOf('demo.user')).set({ expires_at: new Date(Date.now() - 1_000) }).execute();
    expect((await status(ended)).statusCode).toBe(401);

    // A call a minute after the last one moves the session's last use forward.
    const used = await signIn(t, 'demo.user');
    await (await sessionOf('demo.user')).set({ last_seen_at: new Date(Date.now() - 29 * 60_000) }).execute();
    expect((await status(used)).statusCode).toBe(200);
    const lastSeen = await db.selectFrom('sessions').select('last_seen_at').orderBy('last_seen_at', 'desc').executeTakeFirstOrThrow();
    expect(Date.now() - lastSeen.last_seen_at.getTime()).toBeLessThan(60_000);

    const removed = await signIn(t, 'demo.admin');
    expect((await status(removed)).statusCode).toBe(200);
    await db.updateTable('users').set({ deleted_at: new Date() }).where('username', '=', 'demo.admin').execute();
    expect((await status(removed)).statusCode).toBe(401);
    await db.updateTable('users').set({ deleted_at: null }).where('username', '=', 'demo.admin').execute();
  });

  it('ends an earlier session of the same browser when someone signs in again', async () => {
    const first = await signIn(t, 'demo.user');
    const again = await t.app.inject({
      method: 'POST',
      url: '/login/processlogin',
      payload: { UserName: 'demo.super', Password: 'Portal#2026' },
      headers: { cookie: first },
    });
    const second = sessionCookieOf(again);
    expect((await t.app.inject({ url: '/login/account-status', headers: { cookie: first } })).statusCode).toBe(401);
    const pending = await t.app.inject({ url: '/login/account-status', headers: { cookie: second } });
    expect(pending.json().error).toBe('errors.mfaRequired');
  });
});

describe('GET /Localisation/SetLang', () => {
  it('sets the lang cookie and refuses other languages', async () => {
    const response = await t.app.inject({ url: '/Localisation/SetLang?lang=fr' });
    expect(response.json()).toEqual({ success: true, lang: 'fr' });
    expect(response.cookies.find((c) => c.name === 'lang')?.value).toBe('fr');
    const bad = await t.app.inject({ url: '/Localisation/SetLang?lang=de' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('errors.validation');
  });
});
