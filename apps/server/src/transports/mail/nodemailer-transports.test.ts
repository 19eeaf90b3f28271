import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterEach, describe, expect, it } from 'vitest';
import { solidPng } from '../../../../../test-support/png.js';
import { createFileMailTransport, senderOf } from './nodemailer-transports.js';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('the sender of a message', () => {
  it('is the configured address under the message’s own name, or the configured sender as it is', () => {
    const sender = senderOf('Customer portal <no-reply@portal.local>');
    expect(sender('Services publics Laurentiens')).toEqual({ name: 'Services publics Laurentiens', address: 'no-reply@portal.local' });
    expect(sender(undefined)).toBe('Customer portal <no-reply@portal.local>');
    expect(senderOf('mail@example.com')('Northbridge Financial')).toEqual({ name: 'Northbridge Financial', address: 'mail@example.com' });
  });
});

describe('the embedded mail outbox', () => {
  it('writes a message under its experience’s name, with its inline image as a related part', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-mail-'));
    folders.push(folder);
    const png = solidPng(120, 80);
    await createFileMailTransport(folder, 'Customer portal <no-reply@portal.local>').send(
      {
        to: 'reader@example.com',
        subject: 'Bonjour',
        text: 'Bonjour',
        html: '<p><img src="cid:brand-logo@portal" alt="Épargne du Port"></p>',
        senderName: 'Épargne du Port',
        logo: { cid: 'brand-logo@portal', experienceCode: 'DIGEST', kind: 'logo', contentHash: 'abc' },
      },
      [{ cid: 'brand-logo@portal', filename: 'logo.png', contentType: 'image/png', content: png }],
    );
    const [file] = await readdir(folder);
    const parsed = await PostalMime.parse(await readFile(path.join(folder, file!)));
    expect(parsed.from).toEqual({ name: 'Épargne du Port', address: 'no-reply@portal.local' });
    expect(parsed.attachments).toHaveLength(1);
    const [image] = parsed.attachments;
    expect(image).toMatchObject({ mimeType: 'image/png', disposition: 'inline', contentId: '<brand-logo@portal>' });
    expect(Buffer.from(image!.content as ArrayBuffer).equals(png)).toBe(true);
    // The queue's reference to the logo is not a header of the message.
    expect(parsed.headers.some((header) => header.value.includes('DIGEST'))).toBe(false);
  });
});
