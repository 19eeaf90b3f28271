import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../../test-support/smtp-sink.js';
import { signInToCodeStep, waitForSms } from './mfa-helpers.js';
import { createTestApp, sessionCookieOf, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.updateTable('users').set({ mfa_active: true }).execute();
});
afterAll(async () => {
  await t.close();
});

const validate = (cookie: string, MFACode: string) =>
  t.app.inject({ method: 'POST', url: '/login/mfacodevalidation', payload: { MFACode, AuditRoot: '', UserId: 0 }, headers: { cookie } });
const resend = (cookie: string, MFAType = 0) =>
  t.app.inject({ method: 'POST', url: '/login/sendmfacode', payload: { MFAType }, headers: { cookie } });
const ageLatestCode = (username: string, seconds: number) =>
  t.database.db
    .updateTable('one_time_codes')
    .set({ created_at: new Date(Date.now() - seconds * 1000) })
    .where('user_id', '=', (eb) => eb.selectFrom('users').select('id').where('username', '=', username))
    .execute();

describe('the code step of signing in', () => {
  it('sends a branded code e-mail, keeps the pending session away from everything else, then renews the session', async () => {
    const { cookie, code, user } = await signInToCodeStep(t.app, t.smtp, 'demo.user');
    expect(user.mfa).toBe(true);
    expect(user.mfaEmail).toBe('d***@example.com');
    const mail = t.smtp.messages.at(-1)!;
    expect(mail.subject).toBe('Your sign-in code');
    expect(mail.html).toContain('<img src="cid:brand-logo@portal" alt="Northbridge Financial"');
    expect(mail.attachments).toMatchObject([{ mimeType: 'image/png', contentId: 'brand-logo@portal', disposition: 'inline' }]);

    const blocked = await t.app.inject({ url: '/login/account-status', headers: { cookie } });
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json().error).toBe('errors.mfaRequired');

    const wrong = await validate(cookie, code === '0000000' ? '1111111' : '0000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'errors.codeInvalid', msg: 'The code is invalid.' });

    const right = await validate(cookie, code);
    expect(right.statusCode).toBe(200);
    expect(right.json().user.mfa).toBe(false);
    const renewed = sessionCookieOf(right);
    expect(renewed).not.toBe(cookie);
    expect((await t.app.inject({ url: '/login/account-status', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/login/account-status', headers: { cookie: renewed } })).statusCode).toBe(200);
  });

  it('takes a code once only', async () => {
    const first = await signInToCodeStep(t.app, t.smtp, 'demo.super');
    expect((await validate(first.cookie, first.code)).statusCode).toBe(200);
    await ageLatestCode('demo.super', 3600);
    const second = await signInToCodeStep(t.app, t.smtp, 'demo.super');
    expect((await validate(second.cookie, first.code)).statusCode).toBe(first.code === second.code ? 200 : 400);
    expect((await validate(second.cookie, second.code)).statusCode).toBe(first.code === second.code ? 400 : 200);
  });

  it('voids a code after five wrong tries', async () => {
    const { cookie, code } = await signInToCodeStep(t.app, t.smtp, 'demo.admin');
    const wrongCode = code === '9999999' ? '8888888' : '9999999';
    for (let i = 0; i < 5; i++) expect((await validate(cookie, wrongCode)).statusCode).toBe(400);
    expect((await validate(cookie, code)).statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const { cookie, code } = await signInToCodeStep(t.app, t.smtp, 'demo.service');
    await t.database.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await validate(cookie, code)).statusCode).toBe(400);
  });

  it('honours the 30, 40, 60, 90, 120 second resend schedule and voids the previous code', async () => {
    const { cookie, code: firstCode } = await signInToCodeStep(t.app, t.smtp, 'demo.internal');
    const tooSoon = await resend(cookie);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error).toBe('errors.resendTooSoon');
    expect(tooSoon.json().retryAfterSeconds).toBeGreaterThan(25);

    const expectedWaits = [40, 60, 90, 120, 120];
    let previousWait = 30;
    for (const wait of expectedWaits) {
      await ageLatestCode('demo.internal', previousWait - 2);
      expect((await resend(cookie)).statusCode).toBe(429);
      await ageLatestCode('demo.internal', previousWait + 1);
      const before = t.smtp.messages.length;
      const sent = await resend(cookie);
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toMatchObject({ nextResendSeconds: wait, target: 'd***@example.com' });
      await t.smtp.waitFor('demo.internal@example.com', { after: before });
      previousWait = wait;
    }
    const latest = codeOf(t.smtp.messages.at(-1)!);
    if (latest !== firstCode) expect((await validate(cookie, firstCode)).statusCode).toBe(400);
    expect((await validate(cookie, latest)).statusCode).toBe(200);
  });

  it('sends the code by SMS to a user who prefers it and has a number', async () => {
    await t.database.db
      .updateTable('users')
      .set({ phone_number: '+15145550123', mfa_type: 1 })
      .where('username', '=', 'demo.user')
      .execute();
    const response = await t.app.inject({
      method: 'POST',
      url: '/login/processlogin',
      payload: { UserName: 'demo.user', Password: 'Portal#2026' },
    });
    expect(response.json().user).toMatchObject({ mfaType: 1, mfaSms: '********0123' });
    const sms = await waitForSms(t.config.dataDir, 1);
    expect(sms.to).toBe('+15145550123');
    const code = /(\d{7})/.exec(sms.text)![1]!;
    expect((await validate(sessionCookieOf(response), code)).statusCode).toBe(200);
  });

  it('refuses SMS for a user without a number', async () => {
    const { cookie } = await signInToCodeStep(t.app, t.smtp, 'lau.user');
    await t.database.db
      .updateTable('one_time_codes')
      .set({ created_at: new Date(Date.now() - 3600_000) })
      .execute();
    const response = await resend(cookie, 1);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('errors.smsUnavailable');
  });
});

describe('mail delivery', () => {
  it('delivers a code e-mail once the SMTP server comes back', async () => {
    const port = t.smtp.port;
    await t.smtp.stop();
    const before = t.smtp.messages.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/login/processlogin',
      payload: { UserName: 'lau.admin', Password: 'Portal#2026' },
    });
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(t.smtp.countTo('lau.admin@example.com')).toBe(0);
    await t.smtp.start(port);
    const mail = await t.smtp.waitFor('lau.admin@example.com', { after: before, timeoutMs: 20_000 });
    expect(mail.subject).toBe('Votre code de connexion');
  });
});
