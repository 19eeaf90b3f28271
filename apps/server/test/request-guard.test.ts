import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@portal/contract';
import { postRawBody, signIn, type TestApp } from './test-app.js';
import { answerOf, refusalOf, type InjectedResponse } from './wire.js';

// The real hashing, watched: an odd username must cost the same dummy verification as an unknown one.
vi.mock('../src/services/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/services/passwords.js')>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

// Test files share their modules (vitest.config.ts): the app is imported afresh here, after the
// modules an earlier file loaded are let go, so that the one it builds signs in through the mock.
let t: TestApp;
let passwords: typeof import('../src/services/passwords.js');
beforeAll(async () => {
  vi.resetModules();
  passwords = await import('../src/services/passwords.js');
  t = await (await import('./test-app.js')).createTestApp({ LOCKOUT_MAX_ATTEMPTS: '3' });
});
afterAll(() => t.close());

const login = (UserName: string, Password = 'Wrong#2026') =>
  t.app.inject({ method: 'POST', url: '/login/processlogin', payload: { UserName, Password } });
const issuesOf = (response: InjectedResponse) => refusalOf(response).issues ?? [];

describe('a username holding control characters at sign-in', () => {
  const ODD_USERNAMES = ['demo.user\u0000', 'nul\u0000here', 'tab\there', 'lone\ud800half', 'new\nline'];

  it('answers exactly as an unknown username, after the same dummy password verification', async () => {
    const verifyPassword = vi.mocked(passwords.verifyPassword);
    verifyPassword.mockClear();
    const unknown = await login('nobody.here');
    expect(verifyPassword).toHaveBeenLastCalledWith(null, 'Wrong#2026');
    for (const username of ODD_USERNAMES) {
      verifyPassword.mockClear();
      const odd = await login(username);
      expect(verifyPassword, JSON.stringify(username)).toHaveBeenCalledExactlyOnceWith(null, 'Wrong#2026');
      expect(odd.statusCode, JSON.stringify(username)).toBe(unknown.statusCode);
      expect(odd.json()).toEqual(unknown.json());
    }
    expect(unknown.json()).toEqual({ success: false, error: 'errors.invalidCredentials', msg: 'Username or password incorrect' });
  });

  it('is logged and locked out under a printable stand-in, as unknown usernames are', async () => {
    for (let attempt = 1; attempt < 3; attempt++) expect((await login('locked\u0000out')).statusCode).toBe(400);
    const third = await login('locked\u0000out');
    expect(third.statusCode).toBe(423);
    expect(refusalOf(third).error).toBe('errors.lockedOut');
    const logged = await t.database.db
      .selectFrom('connection_log')
      .select(['username_attempted', 'reason', 'user_id'])
      .where('username_attempted', '=', 'locked\ufffdout')
      .orderBy('id')
      .execute();
    expect(logged.map((row) => row.reason)).toEqual(['unknown-username', 'unknown-username', 'unknown-username']);
    expect(logged.every((row) => row.user_id === null)).toBe(true);
  });

  it('does not stop the real account from signing in', async () => {
    expect((await login('demo.user', 'Portal#2026')).statusCode).toBe(200);
  });
});

describe('control characters anywhere else in a request', () => {
  const registration = {
    firstName: 'Zoë',
    lastName: 'Ōtsuka-Nguyễn',
    email: 'zoe.otsuka@example.com',
    userName: 'zoe.otsuka',
    password: 'Portal#2026x',
    confirmPassword: 'Portal#2026x',
  };

  it('refuses NUL in a registration name with 400 and validation.controlCharacters, before any query', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/validateregistrationstep1',
      payload: { ...registration, firstName: 'Zo\u0000ë' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'errors.validation' });
    expect(issuesOf(response)).toEqual([{ path: 'firstName', message: 'validation.controlCharacters' }]);
  });

  it('refuses them in nested fields, lone surrogates and line breaks too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sendcontactvalidationcode',
      payload: {
        ...registration,
        lastName: 'half\udc00',
        email: 'a\n@example.com',
        choosenReports: [{ Id: 1, Attributes: [{ AttributeId: 1, Value: 'x\u001b' }] }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(issuesOf(response)).toEqual(
      expect.arrayContaining([
        { path: 'lastName', message: 'validation.controlCharacters' },
        { path: 'email', message: 'validation.controlCharacters' },
        { path: 'choosenReports.0.Attributes.0.Value', message: 'validation.controlCharacters' },
      ]),
    );
  });

  it('refuses NUL in a query parameter and in a path parameter', async () => {
    const query = await t.app.inject({ url: '/login/displaylogin?exp=NB%00F' });
    expect(query.statusCode).toBe(400);
    expect(issuesOf(query)).toEqual([{ path: 'exp', message: 'validation.controlCharacters' }]);
    const path = await t.app.inject({ url: '/branding/NBF%00/logo' });
    expect(path.statusCode).toBe(400);
    expect(issuesOf(path)[0]?.message).toBe('validation.controlCharacters');
  });

  it('reads an exp cookie holding them as no cookie: the default experience', async () => {
    const response = await t.app.inject({ url: '/login/displaylogin', headers: { cookie: 'exp=NBW%00' } });
    expect(response.statusCode).toBe(200);
    expect(answerOf(endpoints.displayLogin, response).experienceCode).toBe('NBF');
  });

  it('keeps accents, emoji and CJK working', async () => {
    const query = await t.app.inject({ url: `/login/displaylogin?exp=${encodeURIComponent('Zoë😀中文')}` });
    expect(query.statusCode).toBe(200);
    const cookie = await signIn(t, 'demo.user');
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/usermanagement/users',
      headers: { cookie: await signIn(t, 'demo.super') },
      payload: { search: 'Zoë 👩‍👩‍👧 中文 עברית' },
    });
    expect(search.statusCode).toBe(200);
    const profile = await t.app.inject({ url: '/account/user-info', headers: { cookie } });
    expect(profile.statusCode).toBe(200);
  });

  it('still answers 401 and 403 first: who may not call learns nothing of the body', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/usermanagement/createuser', payload: { username: 'x\u0000' } });
    expect(anonymous.statusCode).toBe(401);
    const user = await signIn(t, 'demo.user');
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/usermanagement/createuser',
      headers: { cookie: user },
      payload: { username: 'x\u0000' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(refusalOf(forbidden).error).toBe('errors.forbidden');
  });
});

describe('other odd requests', () => {
  it('refuses a number beyond a database integer with 400 and validation.numberTooLarge', async () => {
    const cookie = await signIn(t, 'demo.super');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/usermanagement/softdelete',
      headers: { cookie },
      payload: { userId: 2 ** 31 },
    });
    expect(response.statusCode).toBe(400);
    expect(issuesOf(response)).toEqual([{ path: 'userId', message: 'validation.numberTooLarge' }]);
    expect((await t.app.inject({ url: '/api/usermanagement/users/9007199254740991', headers: { cookie } })).statusCode).toBe(400);
  });

  it('answers a body over the limit with 413, and a content type it does not read with 415', async () => {
    const huge = await postRawBody(t, '/login/processlogin', `{"UserName":"${'x'.repeat(1_100_000)}"}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false, error: 'errors.validation' });
    const form = await postRawBody(t, '/login/processlogin', 'UserName=a', 'application/x-www-form-urlencoded');
    expect(form.statusCode).toBe(415);
    expect(form.json()).toMatchObject({ success: false, error: 'errors.validation' });
  });

  it('answers malformed JSON, an array for an object and repeated query keys with 400', async () => {
    for (const payload of ['{"UserName":', '[]', '{"__proto__":{"x":1}}', '"\\u0000"'])
      expect((await postRawBody(t, '/login/processlogin', payload)).statusCode, payload).toBe(400);
    expect((await t.app.inject({ url: '/login/displaylogin?exp=NBF&exp=LAU' })).statusCode).toBe(400);
  });
});
