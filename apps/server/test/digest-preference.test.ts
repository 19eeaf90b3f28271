import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_UNSUBSCRIBE_LINK_DAYS, endpoints } from '@portal/contract';
import { createServerSecretsRepository } from '../src/db/repositories/server-secrets.repository.js';
import { createDigestTokens } from '../src/services/digest-tokens.js';
import type { ReceivedMail } from '../../../test-support/smtp-sink.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { BRAND, createDigestFixture, digestStateOf, type DigestFixture } from './digest-fixture.js';
import { answerOf, refusalOf } from './wire.js';

let t: TestApp;
let f: DigestFixture;
let readerId: number;
let reader: string;
let staff: string;

const PREFERENCE_URL = '/account/digest-preference';
const UNSUBSCRIBE_URL = '/api/v1/digest/unsubscribe';
const READER_ADDRESS = 'digest.pref@example.com';
const CONFIRMATION_SUBJECT = 'Your summary of new documents';

const readPreference = (cookie?: string) => t.app.inject({ url: PREFERENCE_URL, headers: cookie ? { cookie } : {} });
const savePreference = (payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url: PREFERENCE_URL, payload, headers: cookie ? { cookie } : {} });
const frequencyOf = async (cookie: string) => answerOf(endpoints.digestPreference, await readPreference(cookie)).digest.frequency;
const confirmationsTo = (address: string) =>
  t.smtp.messages.filter((mail) => mail.to.includes(address) && mail.subject === CONFIRMATION_SUBJECT);
/** Lets the queue deliver whatever it holds, so that a mail that should not exist would have arrived. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));

/** Saves a choice and waits for the confirmation it sends. */
async function saveAndConfirm(frequency: 'daily' | 'weekly'): Promise<ReceivedMail> {
  const before = t.smtp.messages.length;
  const saved = answerOf(endpoints.saveDigestPreference, await savePreference({ frequency }, reader));
  expect(saved.digest.frequency).toBe(frequency);
  return t.smtp.waitFor(READER_ADDRESS, { after: before, match: (mail) => mail.subject === CONFIRMATION_SUBJECT });
}

function pageTokenOf(mail: ReceivedMail): string {
  const match = /#\/digest\/unsubscribe\?token=([\w.%-]+)/.exec(mail.text);
  if (!match) throw new Error(`No unsubscribe link in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
}

/** As a mail program posts it: the token in the address, RFC 8058's form (or nothing) as the body. */
const unsubscribe = (token: string, body?: { payload: string; contentType: string }) =>
  t.app.inject({
    method: 'POST',
    url: `${UNSUBSCRIBE_URL}?token=${encodeURIComponent(token)}`,
    ...(body && { payload: body.payload, headers: { 'content-type': body.contentType } }),
  });
/** As the portal's page posts it: the token in a JSON body, the address bare. */
const unsubscribeFromPage = (token: string) => t.app.inject({ method: 'POST', url: UNSUBSCRIBE_URL, payload: { token } });

/** What the app logs, one parsed line each. */
const logLines: { msg?: string; req?: { url?: string } }[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as (typeof logLines)[number]);
      done();
    },
  });
  t = await createTestApp({ SCHEDULED_JOBS: 'false' }, { level: 'info', stream: logStream });
  f = await createDigestFixture(t);
  readerId = await f.addReader('digest.pref');
  await f.addPerson('digest.admin', { role: 'ADMIN' });
  reader = await signIn(t, 'digest.pref');
  staff = await signIn(t, 'digest.admin');
});
afterAll(() => t.close());

describe('the digest preference', () => {
  it('is never until the USER chooses', async () => {
    expect(await frequencyOf(reader)).toBe('never');
  });

  it('starts the window when the digest is turned on, and confirms the choice by a branded message with the way out', async () => {
    const before = Date.now();
    const mail = await saveAndConfirm('weekly');
    expect(await frequencyOf(reader)).toBe('weekly');
    const state = await digestStateOf(t, readerId);
    expect(state.digest_since!.getTime()).toBeGreaterThan(before - 60_000);
    expect(mail.text).toContain('once a week');
    expect(mail.text).toContain(`The ${BRAND.nameEn} team`);
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/portal\.test\/api\/v1\/digest\/unsubscribe\?token=[\w.%-]+>$/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('keeps the window when only the pace changes, and confirms the new pace', async () => {
    const { digest_since: since } = await digestStateOf(t, readerId);
    const mail = await saveAndConfirm('daily');
    expect(mail.text).toContain('once a day');
    expect((await digestStateOf(t, readerId)).digest_since).toEqual(since);
  });

  it('sends no message when nothing changes or when the digest is turned off', async () => {
    const confirmations = confirmationsTo(READER_ADDRESS).length;
    expect(answerOf(endpoints.saveDigestPreference, await savePreference({ frequency: 'daily' }, reader)).digest.frequency).toBe('daily');
    expect(answerOf(endpoints.saveDigestPreference, await savePreference({ frequency: 'never' }, reader)).digest.frequency).toBe('never');
    await settle();
    expect(confirmationsTo(READER_ADDRESS)).toHaveLength(confirmations);
    expect(await frequencyOf(reader)).toBe('never');
  });

  it('starts a new window when the digest is turned on again', async () => {
    await t.database.db
      .updateTable('users')
      .set({ digest_since: new Date('2020-01-01T00:00:00Z') })
      .where('id', '=', readerId)
      .execute();
    const before = Date.now();
    await saveAndConfirm('weekly');
    expect((await digestStateOf(t, readerId)).digest_since!.getTime()).toBeGreaterThan(before - 60_000);
  });

  it('refuses a choice it does not know with 400', async () => {
    for (const payload of [{ frequency: 'hourly' }, { frequency: null }, {}]) {
      const response = await savePreference(payload, reader);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refusalOf(response).error).toBe('errors.validation');
    }
  });

  it('is the USER’s alone: other roles get 403 before their request is read, and visitors 401', async () => {
    for (const response of [
      await readPreference(staff),
      await savePreference({ frequency: 'daily' }, staff),
      await savePreference({ frequency: 42 }, staff),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(refusalOf(response).error).toBe('errors.forbidden');
    }
    for (const response of [await readPreference(), await savePreference({ frequency: 'daily' })]) expect(response.statusCode).toBe(401);
  });
});

describe('unsubscribing', () => {
  let token: string;
  beforeAll(async () => {
    token = pageTokenOf(await saveAndConfirm('daily'));
  });

  it('leads a GET of the List-Unsubscribe address to the page that asks first, changing nothing', async () => {
    const response = await t.app.inject({ url: `${UNSUBSCRIBE_URL}?token=${encodeURIComponent(token)}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/#/digest/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await frequencyOf(reader)).toBe('daily');
  });

  it('stops the digest through the page’s call, the token in its body', async () => {
    const response = await unsubscribeFromPage(token);
    expect(answerOf(endpoints.unsubscribeDigest, response)).toEqual({ success: true });
    expect(await frequencyOf(reader)).toBe('never');
    // A second click changes nothing and still answers yes.
    expect((await unsubscribeFromPage(token)).statusCode).toBe(200);
  });

  it('stops the digest when a mail program posts the address with no body', async () => {
    await saveAndConfirm('daily');
    expect(answerOf(endpoints.unsubscribeDigest, await unsubscribe(token))).toEqual({ success: true });
    expect(await frequencyOf(reader)).toBe('never');
  });

  it('stops the digest when a mail program posts the one-click form, either encoding', async () => {
    const boundary = 'portal-test-boundary';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    for (const body of [
      { payload: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' },
      { payload: multipart, contentType: `multipart/form-data; boundary=${boundary}` },
    ]) {
      await saveAndConfirm('weekly');
      const response = await unsubscribe(token, body);
      expect(response.statusCode, body.contentType).toBe(200);
      expect(await frequencyOf(reader)).toBe('never');
    }
  });

  it('refuses a token the portal did not sign with 400, changing nothing', async () => {
    await saveAndConfirm('weekly');
    const [, end, signature] = token.split('.');
    const tampered = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherPerson = await f.addReader('digest.other');
    for (const bad of [
      'nonsense',
      `${readerId}.${end}.${tampered}`,
      `${otherPerson}.${end}.${signature}`,
      // A later end under the same signature.
      `${readerId}.${Number(end) + 86_400}.${signature}`,
      `${readerId}.${signature}`,
      `0.${end}.${signature}`,
      `${readerId}.${end}.`,
      `.${end}.${signature}`,
    ]) {
      const response = await unsubscribe(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(refusalOf(response).error).toBe('errors.digestTokenInvalid');
    }
    for (const bad of ['', 'x'.repeat(500)]) expect((await unsubscribe(bad)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: UNSUBSCRIBE_URL })).statusCode).toBe(400);
    expect(await frequencyOf(reader)).toBe('weekly');
  });

  it(`refuses a link older than ${DIGEST_UNSUBSCRIBE_LINK_DAYS} days with its own key, changing nothing`, async () => {
    answerOf(endpoints.saveDigestPreference, await savePreference({ frequency: 'weekly' }, reader));
    const secrets = createServerSecretsRepository(t.database.db);
    const tokens = createDigestTokens({ secrets });
    const day = 86_400_000;
    const writtenAt = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
    const expired = await tokens.tokenFor(readerId, writtenAt(DIGEST_UNSUBSCRIBE_LINK_DAYS + 1));
    // A link of a message sent before links carried an end: the user's id signed alone.
    const key = Buffer.from(await secrets.getOrCreate('digest-unsubscribe', 'unused'), 'base64url');
    const withoutEnd = `${readerId}.${createHmac('sha256', key).update(`digest-unsubscribe:${readerId}`).digest('base64url')}`;
    for (const old of [expired, withoutEnd]) {
      for (const response of [await unsubscribeFromPage(old), await unsubscribe(old)]) {
        expect(response.statusCode, old).toBe(400);
        expect(refusalOf(response).error).toBe('errors.digestTokenExpired');
      }
    }
    expect(await frequencyOf(reader)).toBe('weekly');
    // A link a day short of its end still works.
    const stillGood = await tokens.tokenFor(readerId, writtenAt(DIGEST_UNSUBSCRIBE_LINK_DAYS - 1));
    expect((await unsubscribeFromPage(stillGood)).statusCode).toBe(200);
    expect(await frequencyOf(reader)).toBe('never');
  });

  it('keeps the token out of the request log, whichever way it came', async () => {
    const logged = logLines.filter((line) => line.req?.url?.startsWith(UNSUBSCRIBE_URL));
    // The GET, the page's posts and the mail programs' posts above were all logged.
    expect(logged.length).toBeGreaterThan(5);
    expect(logged.some((line) => line.req!.url!.includes('token=[redacted]'))).toBe(true);
    const [, , signature] = token.split('.');
    const everything = JSON.stringify(logLines);
    expect(everything).not.toContain(signature);
    expect(everything).not.toContain(encodeURIComponent(token));
  });
});
