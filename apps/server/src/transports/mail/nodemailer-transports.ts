import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import type { InlineImage, MailTransport, OutgoingMail } from './mail-transport.js';

/**
 * The sender of a message: the configured address (MAIL_FROM), under the message's own name when
 * it has one (its experience's), so each brand's mail shows its name and all leave from one address.
 */
export function senderOf(configuredFrom: string): (senderName: string | undefined) => Mail.Address | string {
  const [parsed] = addressparser(configuredFrom);
  const address = parsed && 'address' in parsed ? parsed.address : undefined;
  return (senderName) => (senderName && address ? { name: senderName, address } : configuredFrom);
}

/** The message as nodemailer takes it: our fields, the sender, and the images the HTML shows inline. */
function mailOptionsOf(message: OutgoingMail, inlineImages: InlineImage[], sender: ReturnType<typeof senderOf>): Mail.Options {
  const { senderName, logo: _logo, ...fields } = message;
  return {
    ...fields,
    from: sender(senderName),
    ...(inlineImages.length > 0 && {
      attachments: inlineImages.map((image) => ({ ...image, contentDisposition: 'inline' as const })),
    }),
  };
}

/** Real delivery through an SMTP server (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  const sender = senderOf(from);
  return {
    kind: 'smtp',
    async send(message, inlineImages = []) {
      await transporter.sendMail(mailOptionsOf(message, inlineImages, sender));
    },
  };
}

/** The embedded default: each message becomes an .eml file under the folder, readable in any mail program. */
export function createFileMailTransport(folder: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const sender = senderOf(from);
  let sequence = 0;
  return {
    kind: 'file',
    async send(message, inlineImages = []) {
      const info = await transporter.sendMail(mailOptionsOf(message, inlineImages, sender));
      await mkdir(folder, { recursive: true });
      const safeRecipient = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${++sequence}-${safeRecipient}.eml`;
      await writeFile(path.join(folder, name), info.message as Buffer);
    },
  };
}
