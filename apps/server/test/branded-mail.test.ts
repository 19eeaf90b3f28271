import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSize } from 'image-size';
import { endpoints } from '@portal/contract';
import { linkOf, type ReceivedMail } from '../../../test-support/smtp-sink.js';
import { solidPng } from '../../../test-support/png.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { insertTestUser, newUserForm } from './user-management-helpers.js';
import { answerOf } from './wire.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertTestUser(t, { username: 'lau.english', clientCode: 'LAU', experienceCode: 'LAU', contact_language: 'en' });
  // A reader of its own: a username may ask for three resets in a quarter of an hour.
  await insertTestUser(t, { username: 'lau.logo', clientCode: 'LAU', experienceCode: 'LAU', contact_language: 'fr' });
});
afterAll(() => t.close());

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function resetMailTo(username: string): Promise<ReceivedMail> {
  const before = t.smtp.messages.length;
  const asked = await t.app.inject({ method: 'POST', url: '/api/forgotpassword', payload: { userName: username } });
  expect(asked.statusCode).toBe(200);
  return t.smtp.waitFor(`${username}@example.com`, { after: before });
}

/** The message's logo: the inline PNG part its HTML shows by content id, and the words that stand for it. */
function logoOf(mail: ReceivedMail) {
  const image = /<img src="cid:([^"]+)" alt="([^"]*)"/.exec(mail.html);
  expect(image, 'an image shown by content id').not.toBeNull();
  const part = mail.attachments.find((attachment) => attachment.contentId === image![1]);
  expect(part).toMatchObject({ mimeType: 'image/png', disposition: 'inline' });
  const png = Buffer.from(part!.contentBase64, 'base64');
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return { png, alt: image![2], size: imageSize(png) };
}

describe('messages under the brand and in the language of their reader', () => {
  it('sends a French reset mail under the experience’s name, with its logo inside as a PNG and a link that opens its page in French', async () => {
    const mail = await resetMailTo('lau.user');
    expect(mail.subject).toBe('Réinitialisez votre mot de passe');
    expect(mail.from).toEqual({ name: 'Services publics Laurentiens', address: 'no-reply@portal.local' });
    expect(mail.headers.from).toContain('no-reply@portal.local');

    const logo = logoOf(mail);
    expect(logo.alt).toBe('Services publics Laurentiens');
    // Drawn from the SVG logo at twice the height the message shows it.
    expect(logo.size.height).toBe(80);
    expect(mail.html).not.toContain('/branding/');

    expect(linkOf(mail)).toMatch(/^http:\/\/portal\.test\/\?exp=LAU&lang=fr#\/resetPassword\?token=[\w-]+$/);
    expect(mail.html).toContain('href="http://portal.test/?exp=LAU&amp;lang=fr#/resetPassword?token=');
  });

  it('gives an English reader of the same brand its English name, English logo and English link', async () => {
    const [french, english] = [await resetMailTo('lau.user'), await resetMailTo('lau.english')];
    expect(english.subject).toBe('Reset your password');
    expect(english.from).toEqual({ name: 'Laurentian Utilities', address: 'no-reply@portal.local' });
    const [frenchLogo, englishLogo] = [logoOf(french), logoOf(english)];
    expect(englishLogo.alt).toBe('Laurentian Utilities');
    // The brand has an English logo of its own, as the portal's header shows English readers.
    expect(englishLogo.png.equals(frenchLogo.png)).toBe(false);
    expect(linkOf(english)).toMatch(/^http:\/\/portal\.test\/\?exp=LAU&lang=en#\/resetPassword\?token=/);
  });

  it('sends the logo a brand uploads as it is now, in the place of the version before', async () => {
    const before = logoOf(await resetMailTo('lau.logo')).png;
    const superUser = await signIn(t, 'demo.super');
    const lau = await t.database.db.selectFrom('experiences').select('id').where('code', '=', 'LAU').executeTakeFirstOrThrow();
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: `/api/console/experiences/${lau.id}/images/logo`,
      headers: { cookie: superUser, 'content-type': 'image/png' },
      payload: solidPng(240, 48),
    });
    expect(uploaded.statusCode).toBe(200);

    const after = logoOf(await resetMailTo('lau.logo'));
    expect(after.png.equals(before)).toBe(false);
    expect([after.size.width, after.size.height]).toEqual([400, 80]);
  });

  it('links a welcome mail to the new user’s brand and language', async () => {
    const admin = await signIn(t, 'lau.admin');
    const before = t.smtp.messages.length;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/usermanagement/createuser',
      headers: { cookie: admin },
      payload: newUserForm('lau.welcome', { clientCode: 'LAU', experienceCode: 'LAU', contactLanguage: 'fr' }),
    });
    expect(created.statusCode).toBe(200);
    const mail = await t.smtp.waitFor('lau.welcome@example.com', { after: before });
    expect(mail.from?.name).toBe('Services publics Laurentiens');
    expect(logoOf(mail).alt).toBe('Services publics Laurentiens');
    expect(linkOf(mail)).toMatch(/^http:\/\/portal\.test\/\?exp=LAU&lang=fr#\/resetPassword\?token=/);
  });

  it('links a digest confirmation’s way out to the reader’s brand and language, the token where it was', async () => {
    const reader = await signIn(t, 'lau.user');
    const before = t.smtp.messages.length;
    const saved = await t.app.inject({
      method: 'POST',
      url: endpoints.saveDigestPreference.path,
      headers: { cookie: reader },
      payload: { frequency: 'daily' },
    });
    expect(answerOf(endpoints.saveDigestPreference, saved).digest.frequency).toBe('daily');
    const mail = await t.smtp.waitFor('lau.user@example.com', { after: before });
    expect(mail.from?.name).toBe('Services publics Laurentiens');
    logoOf(mail);
    expect(mail.text).toMatch(/http:\/\/portal\.test\/\?exp=LAU&lang=fr#\/digest\/unsubscribe\?token=[\w.-]+/);
    // Mail programs post to the one-click address: it opens no page, so it carries the token alone.
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/portal\.test\/api\/v1\/digest\/unsubscribe\?token=[\w.%-]+>$/);
  });
});
