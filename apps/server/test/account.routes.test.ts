import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../../test-support/smtp-sink.js';
import { hashPassword } from '../src/services/passwords.js';
import { waitForSms } from './mfa-helpers.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { insertTestUser } from './user-management-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_LIMIT_PER_USERNAME: '12' });
});
afterAll(async () => {
  await t.close();
});

const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie } });

describe('profile', () => {
  it('returns the user info of spec section 3', async () => {
    const cookie = await signIn(t, 'demo.user');
    const response = await call(cookie, 'GET', '/account/user-info');
    expect(response.json().userInfo).toMatchObject({
      Username: 'demo.user',
      FirstName: 'Camille',
      Email: 'demo.user@example.com',
      PhoneNumber: '',
      ContactLanguage: 'en',
      MFAType: 0,
      Client: { Code: 'NBF', ActiveMFASMS: true },
    });
  });

  it('saves names and language, refuses a taken username and a phone that was not confirmed', async () => {
    const cookie = await signIn(t, 'demo.service');
    const base = {
      Username: 'demo.service',
      FirstName: 'Jordane',
      LastName: 'Roy-Côté',
      PhoneNumber: '',
      ContactLanguage: 'en',
      MFAType: 0,
    };
    expect((await call(cookie, 'POST', '/account/set-user-info', base)).json().success).toBe(true);
    const info = (await call(cookie, 'GET', '/account/user-info')).json().userInfo;
    expect(info).toMatchObject({ FirstName: 'Jordane', LastName: 'Roy-Côté', ContactLanguage: 'en' });

    const taken = await call(cookie, 'POST', '/account/set-user-info', { ...base, Username: 'DEMO.USER' });
    expect(taken.json()).toMatchObject({ error: 'errors.usernameTaken', msg: 'This username already exists.' });
    const phone = await call(cookie, 'POST', '/account/set-user-info', { ...base, PhoneNumber: '+15145550199' });
    expect(phone.statusCode).toBe(400);
    const badName = await call(cookie, 'POST', '/account/set-user-info', { ...base, FirstName: '<b>x</b>' });
    expect(badName.json().issues[0].message).toBe('validation.nameInvalid');
  });

  it('adds a phone through a code sent by SMS, then removing it puts codes back on e-mail', async () => {
    const cookie = await signIn(t, 'demo.internal');
    const sent = await call(cookie, 'POST', '/account/sendContactValidationCode', { ContactValue: '(514) 555-0177', CommunicationType: 1 });
    expect(sent.json()).toMatchObject({ success: true, nextResendSeconds: 30 });
    const sms = await waitForSms(t.config.dataDir, 1);
    expect(sms.to).toBe('+15145550177');
    const code = /(\d{7})/.exec(sms.text)![1]!;
    const validated = await call(cookie, 'POST', '/account/validateContactValidationCode', {
      ContactValue: '514-555-0177',
      ContactValidationCode: code,
    });
    expect(validated.json().userInfo.PhoneNumber).toBe('+15145550177');

    const base = { Username: 'demo.internal', FirstName: 'Morgan', LastName: 'Côté', ContactLanguage: 'en' };
    expect((await call(cookie, 'POST', '/account/set-user-info', { ...base, PhoneNumber: '+15145550177', MFAType: 1 })).statusCode).toBe(
      200,
    );
    expect((await call(cookie, 'GET', '/account/user-info')).json().userInfo.MFAType).toBe(1);
    expect((await call(cookie, 'POST', '/account/set-user-info', { ...base, PhoneNumber: '', MFAType: 1 })).statusCode).toBe(200);
    expect((await call(cookie, 'GET', '/account/user-info')).json().userInfo).toMatchObject({ PhoneNumber: '', MFAType: 0 });
  });

  it('refuses SMS for a client without SMS', async () => {
    const cookie = await signIn(t, 'lau.user');
    const response = await call(cookie, 'POST', '/account/sendContactValidationCode', { ContactValue: '5145550100', CommunicationType: 1 });
    expect(response.json().error).toBe('errors.smsUnavailable');
  });
});

describe('e-mail change', () => {
  it('takes effect only after the code sent to the new address', async () => {
    const cookie = await signIn(t, 'demo.admin');
    const before = t.smtp.messages.length;
    const sent = await call(cookie, 'POST', '/account/sendContactValidationCode', {
      ContactValue: 'Alex.New@Example.com',
      CommunicationType: 0,
    });
    expect(sent.statusCode).toBe(200);
    expect((await call(cookie, 'GET', '/account/user-info')).json().userInfo.Email).toBe('demo.admin@example.com');
    const code = codeOf(await t.smtp.waitFor('alex.new@example.com', { after: before }));

    const otherAddress = await call(cookie, 'POST', '/account/validateContactValidationCode', {
      ContactValue: 'other@example.com',
      ContactValidationCode: code,
    });
    expect(otherAddress.json().error).toBe('errors.codeInvalid');
    const done = await call(cookie, 'POST', '/account/validateContactValidationCode', {
      ContactValue: 'alex.new@example.com',
      ContactValidationCode: code,
    });
    expect(done.json().userInfo.Email).toBe('alex.new@example.com');
  });

  it('names a bad address by length or format', async () => {
    const cookie = await signIn(t, 'demo.super');
    const short = await call(cookie, 'POST', '/account/sendContactValidationCode', { ContactValue: 'a@b.c', CommunicationType: 0 });
    expect(short.json().error).toBe('errors.contactInvalidLength');
    const format = await call(cookie, 'POST', '/account/sendContactValidationCode', {
      ContactValue: 'not an address',
      CommunicationType: 0,
    });
    expect(format.json().error).toBe('errors.contactInvalidFormat');
  });
});

describe('password change', () => {
  it('names each mistake, and on success ends the other sessions but keeps this one', async () => {
    const other = await signIn(t, 'lau.user');
    const cookie = await signIn(t, 'lau.user');
    const change = (payload: object) => call(cookie, 'POST', '/account/set-new-password', payload);
    expect((await change({ OldPassword: 'Wrong#2026', NewPassword: 'Fresh#Pass42', ConfPassword: 'Fresh#Pass42' })).json().msg).toBe(
      'Your old password does not match.',
    );
    expect((await change({ OldPassword: 'Portal#2026', NewPassword: 'Fresh#Pass42', ConfPassword: 'Fresh#Pass43' })).json().msg).toBe(
      'Your new password does not match.',
    );
    expect((await change({ OldPassword: 'Portal#2026', NewPassword: 'Portal#2026', ConfPassword: 'Portal#2026' })).json().msg).toBe(
      'Please choose a different password from your old one.',
    );
    expect((await change({ OldPassword: 'Portal#2026', NewPassword: 'Fresh#Pass42', ConfPassword: 'Fresh#Pass42' })).statusCode).toBe(200);
    expect((await call(other, 'GET', '/login/account-status')).statusCode).toBe(401);
    expect((await call(cookie, 'GET', '/login/account-status')).statusCode).toBe(200);

    // The seeded password the account started with is in the history too.
    const back = await change({ OldPassword: 'Fresh#Pass42', NewPassword: 'Portal#2026', ConfPassword: 'Portal#2026' });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toMatchObject({
      error: 'errors.passwordReused',
      msg: 'You have used this password lately, please choose a different one.',
    });
  });

  it('remembers every password a person has had, whichever path stored it', async () => {
    const first = 'First#Pass2026';
    // Written straight into the users table, as an import or a seed would: no code path adds it to the history.
    await insertTestUser(t, { username: 'history.keeper', role_code: 'USER', clientCode: 'NBF', password_hash: await hashPassword(first) });
    const cookie = await signIn(t, 'history.keeper', first);
    const change = (from: string, to: string) =>
      call(cookie, 'POST', '/account/set-new-password', { OldPassword: from, NewPassword: to, ConfPassword: to });
    const passwords = [first, 'Second#Pass2026', 'Third#Pass2026'];
    for (let i = 1; i < passwords.length; i++) expect((await change(passwords[i - 1]!, passwords[i]!)).statusCode).toBe(200);
    for (const earlier of passwords.slice(0, 2))
      expect((await change(passwords[2]!, earlier)).json().error, earlier).toBe('errors.passwordReused');
  });

  it('reports a password past its age as expired', async () => {
    const aged = await createTestApp({ PASSWORD_MAX_AGE_DAYS: '90' });
    try {
      await aged.database.db
        .updateTable('users')
        .set({ password_changed_at: new Date(Date.now() - 91 * 86_400_000) })
        .where('username', '=', 'demo.user')
        .execute();
      const cookie = await signIn(aged, 'demo.user');
      expect((await aged.app.inject({ url: '/login/account-status', headers: { cookie } })).json().accountStatus).toEqual({
        MustSetPassword: false,
        PasswordExpired: true,
      });
    } finally {
      await aged.close();
    }
  });
});

describe('abuse limits', () => {
  it('refuses sign-in attempts past the per-username limit before checking any password', async () => {
    const attempts = [];
    for (let i = 0; i < 13; i++) {
      attempts.push(
        (await t.app.inject({ method: 'POST', url: '/login/processlogin', payload: { UserName: 'flood.target', Password: 'x' } }))
          .statusCode,
      );
    }
    expect(attempts.at(-1)).toBe(429);
  });

  it('locks an unknown username exactly like a known one', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await t.app.inject({ method: 'POST', url: '/login/processlogin', payload: { UserName: 'ghost.user', Password: 'Wrong#1' } }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 423, 423]);
  });
});
