import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkOf, tokenOf } from '../../../test-support/smtp-sink.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

async function requestLink(username: string): Promise<string> {
  const before = t.smtp.messages.length;
  expect((await post('/api/forgotpassword', { userName: username })).statusCode).toBe(200);
  return tokenOf(linkOf(await t.smtp.waitFor(`${username}@example.com`, { after: before })));
}

describe('forgot password', () => {
  it('answers the same whether or not the account exists, and mails a link only when it does', async () => {
    const before = t.smtp.messages.length;
    const known = await post('/api/forgotpassword', { userName: 'demo.service' });
    const unknown = await post('/api/forgotpassword', { userName: 'nobody.at.all' });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mail = await t.smtp.waitFor('demo.service@example.com', { after: before });
    expect(mail.subject).toBe('Réinitialisez votre mot de passe');
    expect(linkOf(mail)).toMatch(/^http:\/\/portal\.test\/\?exp=NBF&lang=fr#\/resetPassword\?token=/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(t.smtp.messages.length).toBe(before + 1);
  });

  it('keeps only a hash of the token', async () => {
    const token = await requestLink('demo.internal');
    const rows = await t.database.db.selectFrom('password_tokens').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
  });
});

describe('reset password', () => {
  it('validates the token, applies the policy, ends every session and works once', async () => {
    const session = await signIn(t, 'demo.user');
    const token = await requestLink('demo.user');
    expect((await post('/api/validatetoken', { token })).json()).toEqual({ success: true });

    const mismatch = await post('/api/resetpassword', {
      username: 'demo.admin',
      token,
      password: 'Better#Pass42',
      confirmPassword: 'Better#Pass42',
    });
    expect(mismatch.json()).toMatchObject({ error: 'errors.resetUsernameMismatch', msg: 'No matching request for the provided username' });
    const weak = await post('/api/resetpassword', { username: 'demo.user', token, password: 'weakpass', confirmPassword: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues[0].message).toBe('validation.passwordInvalid');
    const unconfirmed = await post('/api/resetpassword', {
      username: 'demo.user',
      token,
      password: 'Better#Pass42',
      confirmPassword: 'Better#Pass43',
    });
    expect(unconfirmed.json().issues[0].message).toBe('validation.confirmationMismatch');
    const common = await post('/api/resetpassword', { username: 'demo.user', token, password: 'P@ssw0rd', confirmPassword: 'P@ssw0rd' });
    expect(common.json().error).toBe('errors.passwordTooCommon');
    const same = await post('/api/resetpassword', {
      username: 'demo.user',
      token,
      password: 'Portal#2026',
      confirmPassword: 'Portal#2026',
    });
    expect(same.json().error).toBe('errors.samePassword');

    const done = await post('/api/resetpassword', {
      username: 'Demo.User',
      token,
      password: 'Better#Pass42',
      confirmPassword: 'Better#Pass42',
    });
    expect(done.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/login/account-status', headers: { cookie: session } })).statusCode).toBe(401);
    await signIn(t, 'demo.user', 'Better#Pass42');

    const again = await post('/api/resetpassword', {
      username: 'demo.user',
      token,
      password: 'Other#Pass42',
      confirmPassword: 'Other#Pass42',
    });
    expect(again.json()).toMatchObject({ error: 'errors.resetRequestInvalid', msg: 'Password reset request is invalid or expired' });
    expect((await post('/api/validatetoken', { token })).statusCode).toBe(400);
  });

  it('refuses a token past its hour, and a forged one', async () => {
    const token = await requestLink('demo.admin');
    await t.database.db
      .updateTable('password_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await post('/api/validatetoken', { token })).json().error).toBe('errors.resetRequestInvalid');
    expect((await post('/api/validatetoken', { token: 'x'.repeat(43) })).statusCode).toBe(400);
  });

  it('makes an earlier link useless when a new one is asked for', async () => {
    const first = await requestLink('lau.user');
    await requestLink('lau.user');
    expect((await post('/api/validatetoken', { token: first })).statusCode).toBe(400);
  });

  it('refuses a password used lately', async () => {
    const cookie = await signIn(t, 'demo.super');
    const change = (OldPassword: string, NewPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/account/set-new-password',
        payload: { OldPassword, NewPassword, ConfPassword: NewPassword },
        headers: { cookie },
      });
    expect((await change('Portal#2026', 'First#Pass42')).statusCode).toBe(200);
    expect((await change('First#Pass42', 'Second#Pass42')).statusCode).toBe(200);
    const reused = await change('Second#Pass42', 'First#Pass42');
    expect(reused.json()).toMatchObject({
      error: 'errors.passwordReused',
      msg: 'You have used this password lately, please choose a different one.',
    });
  });
});
