import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ERROR_KEYS } from '@portal/contract';
import { codeOf } from '../../../test-support/smtp-sink.js';
import { createTestApp, DEMO_PASSWORD, sessionCookieOf, signIn, type TestApp } from './test-app.js';
import { answerOf } from './wire.js';

const CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const NEWER_CHROME = CHROME.replace('Chrome/131.0.0.0', 'Chrome/132.0.0.0');
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const HOME = '203.0.113.7';
const HOME_AGAIN = '203.0.113.99';
const ELSEWHERE = '198.51.100.7';

let t: TestApp;
beforeAll(async () => {
  // Many sign-ins of one person from one address: the sign-in limits are tested elsewhere.
  t = await createTestApp({ LOGIN_LIMIT_PER_USERNAME: '100', LOGIN_LIMIT_PER_IP: '1000' });
});
afterAll(() => t.close());

interface Attempt {
  userAgent?: string;
  ip?: string;
  device?: string;
  password?: string;
}

/** The password step from a browser; `device` is the trusted-device cookie it holds. */
function passwordStep(username: string, attempt: Attempt = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/login/processlogin',
    payload: { UserName: username, Password: attempt.password ?? DEMO_PASSWORD },
    headers: { 'user-agent': attempt.userAgent ?? CHROME, ...(attempt.device && { cookie: attempt.device }) },
    remoteAddress: attempt.ip ?? HOME,
  });
}

/** Signs in with the e-mailed code, trusting the device or not; answers the session and the device cookie set, if any. */
async function signInWithCode(username: string, trust: boolean, attempt: Attempt = {}) {
  const before = t.smtp.messages.length;
  const password = await passwordStep(username, attempt);
  expect(password.statusCode).toBe(200);
  expect(password.json().user.mfa).toBe(true);
  const to = `${username}@example.com`;
  // A code mail (not the notice of a changed password); within the resend delay, the one already sent.
  const match = (mail: { text: string }) => /\b\d{7}\b/.test(mail.text);
  const mail = await t.smtp.waitFor(to, { after: before, match, timeoutMs: 3_000 }).catch(() => t.smtp.waitFor(to, { match }));
  const validated = await t.app.inject({
    method: 'POST',
    url: '/login/mfacodevalidation',
    payload: { MFACode: codeOf(mail), TrustDevice: trust },
    headers: {
      cookie: [sessionCookieOf(password), attempt.device].filter(Boolean).join('; '),
      'user-agent': attempt.userAgent ?? CHROME,
    },
    remoteAddress: attempt.ip ?? HOME,
  });
  expect(validated.statusCode).toBe(200);
  const deviceCookie = validated.cookies.find((cookie) => cookie.name === 'portal_trusted_device');
  return {
    session: sessionCookieOf(validated),
    offeredDays: password.json().user.trustDeviceDays as number | undefined,
    deviceCookie,
    device: deviceCookie ? `portal_trusted_device=${deviceCookie.value}` : undefined,
  };
}

/** Whether the password alone signed the person in (the code was skipped). */
async function skipsCode(username: string, attempt: Attempt): Promise<boolean> {
  const answer = await passwordStep(username, attempt);
  expect(answer.statusCode).toBe(200);
  return answer.json().user.mfa === false;
}

const userId = async (username: string) =>
  (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

describe('a trusted device', () => {
  it('skips the code after the right password, never the password itself, and is marked in the connection log', async () => {
    const { offeredDays, deviceCookie, device } = await signInWithCode('demo.internal', true);
    expect(offeredDays).toBe(30);
    expect(deviceCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/login' });
    expect(deviceCookie!.expires!.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    // Only the token's hash is kept.
    const stored = await t.database.db
      .selectFrom('trusted_devices')
      .select('token_hash')
      .where('user_id', '=', await userId('demo.internal'))
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toBe(deviceCookie!.value);

    const mailsBefore = t.smtp.messages.length;
    const trusted = await passwordStep('demo.internal', { device, ip: HOME_AGAIN, userAgent: NEWER_CHROME });
    expect(trusted.json().user.mfa).toBe(false);
    expect((await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie: sessionCookieOf(trusted) } })).statusCode).toBe(200);
    expect(t.smtp.messages.length).toBe(mailsBefore);
    const logged = await t.database.db
      .selectFrom('connection_log')
      .select(['reason', 'second_step'])
      .where('username_attempted', '=', 'demo.internal')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged).toEqual({ reason: 'signed-in', second_step: 'trusted-device' });

    // A wrong password is told exactly what it is told without the device.
    const wrong = await passwordStep('demo.internal', { device, password: 'Wrong#2026' });
    const wrongWithout = await passwordStep('demo.internal', { password: 'Wrong#2026' });
    expect([wrong.statusCode, wrong.json()]).toEqual([wrongWithout.statusCode, wrongWithout.json()]);
    expect(wrong.json().error).toBe(ERROR_KEYS.invalidCredentials);
    // Someone else's password with this device's cookie still asks for their code.
    expect(await skipsCode('demo.super', { device })).toBe(false);
  });

  it('asks for the code again on another network, in another browser, or after a burst of failures', async () => {
    const { device } = await signInWithCode('lau.admin', true);
    expect(await skipsCode('lau.admin', { device, ip: ELSEWHERE })).toBe(false);
    expect(await skipsCode('lau.admin', { device, userAgent: FIREFOX })).toBe(false);
    expect(await skipsCode('lau.admin', { device })).toBe(true);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await passwordStep('lau.admin', { password: 'Wrong#2026', ip: ELSEWHERE })).statusCode).toBe(400);
    }
    await t.database.db
      .updateTable('users')
      .set({ failed_login_count: 0, locked_until: null })
      .where('username', '=', 'lau.admin')
      .execute();
    expect(await skipsCode('lau.admin', { device })).toBe(false);
  });

  it('is void after a password change, a change of second step, an administrator’s reset, its removal, and when it expires', async () => {
    const username = 'demo.user';
    // demo.user signs in with a code here.
    await t.database.db.updateTable('users').set({ mfa_active: true }).where('username', '=', username).execute();

    let { session, device } = await signInWithCode(username, true);
    const newPassword = 'Fresh#Pass42';
    const changed = await t.app.inject({
      method: 'POST',
      url: '/account/set-new-password',
      payload: { OldPassword: DEMO_PASSWORD, NewPassword: newPassword, ConfPassword: newPassword },
      headers: { cookie: session },
    });
    expect(changed.statusCode).toBe(200);
    expect(await skipsCode(username, { device, password: newPassword })).toBe(false);

    ({ device } = await signInWithCode(username, true, { password: newPassword }));
    // Another number where codes may go: the second step's settings changed.
    await t.database.db.updateTable('users').set({ phone_number: '+15145550101' }).where('username', '=', username).execute();
    expect(await skipsCode(username, { device, password: newPassword })).toBe(false);

    ({ session, device } = await signInWithCode(username, true, { password: newPassword }));
    const listed = answerOf(
      endpoints.listTrustedDevices,
      await t.app.inject({ url: '/api/account/trusted-devices', headers: { cookie: session } }),
    ).data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ browser: 'Chrome 131', system: 'Android 14', network: '203.0.113.0/24' });
    const stranger = await signIn(t, 'demo.admin');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/account/trusted-devices/${listed[0]!.id}`, headers: { cookie: stranger } }))
        .statusCode,
    ).toBe(404);
    expect(await skipsCode(username, { device, password: newPassword })).toBe(true);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/trusted-devices/${listed[0]!.id}`,
      headers: { cookie: session },
    });
    expect(removed.statusCode).toBe(200);
    expect(await skipsCode(username, { device, password: newPassword })).toBe(false);

    ({ device } = await signInWithCode(username, true, { password: newPassword }));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/usermanagement/resetpassword',
      payload: { userId: await userId(username) },
      headers: { cookie: stranger },
    });
    expect(reset.statusCode).toBe(200);
    expect(await skipsCode(username, { device, password: newPassword })).toBe(false);

    ({ device } = await signInWithCode(username, true, { password: newPassword }));
    await t.database.db
      .updateTable('trusted_devices')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('user_id', '=', await userId(username))
      .execute();
    expect(await skipsCode(username, { device, password: newPassword })).toBe(false);
  });

  it('is neither offered nor honoured where the client turns it off in the tenant console', async () => {
    const { device } = await signInWithCode('demo.super', true);
    expect(await skipsCode('demo.super', { device })).toBe(true);
    const console = await signIn(t, 'demo.super');
    const clients = answerOf(
      endpoints.listConsoleClients,
      await t.app.inject({ url: '/api/console/clients', headers: { cookie: console } }),
    ).data;
    const { id, nameEn, nameFr, onboardingEnabled, blockDuplicates, smsAllowed, roleNames, trustedDevicesAllowed } = clients.find(
      (client) => client.code === 'NBF',
    )!;
    expect(trustedDevicesAllowed).toBe(true);
    const save = (allowed: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/console/clients/${id}`,
        payload: { nameEn, nameFr, onboardingEnabled, blockDuplicates, smsAllowed, roleNames, trustedDevicesAllowed: allowed },
        headers: { cookie: console },
      });
    expect(answerOf(endpoints.updateConsoleClient, await save(false)).data.trustedDevicesAllowed).toBe(false);
    try {
      expect(await skipsCode('demo.super', { device })).toBe(false);
      const again = await signInWithCode('demo.super', true);
      expect(again.offeredDays).toBeUndefined();
      expect(again.deviceCookie).toBeUndefined();
    } finally {
      expect((await save(true)).statusCode).toBe(200);
    }
  });
});
