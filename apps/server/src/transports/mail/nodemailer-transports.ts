import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from './mail-transport.js';

/** Real delivery through an SMTP server (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message: OutgoingMail) {
      await transporter.sendMail({ from, ...message });
    },
  };
}

/** The embedded default: each message becomes an .eml file under the folder, readable in any mail program. */
export function createFileMailTransport(folder: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    kind: 'file',
    async send(message: OutgoingMail) {
      const info = await transporter.sendMail({ from, ...message });
      await mkdir(folder, { recursive: true });
      const safeRecipient = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${++sequence}-${safeRecipient}.eml`;
      await writeFile(path.join(folder, name), info.message as Buffer);
    },
  };
}
