import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { codeOf, type SmtpSink } from '../../../test-support/smtp-sink.js';
import { sessionCookieOf, DEMO_PASSWORD } from './test-app.js';

/** Signs in up to the code step and returns the pending session and the e-mailed code. */
export async function signInToCodeStep(app: FastifyInstance, smtp: SmtpSink, username: string, password = DEMO_PASSWORD) {
  const before = smtp.messages.length;
  const response = await app.inject({ method: 'POST', url: '/login/processlogin', payload: { UserName: username, Password: password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const mail = await smtp.waitFor(`${username}@example.com`, { after: before });
  return { cookie: sessionCookieOf(response), code: codeOf(mail), user: response.json().user };
}

/** The text messages the embedded SMS outbox wrote, oldest first. */
export async function readSmsOutbox(dataDir: string): Promise<{ to: string; text: string }[]> {
  const folder = path.join(dataDir, 'sms');
  const names = (await readdir(folder).catch(() => [] as string[])).sort();
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(folder, name), 'utf8'))));
}

export async function waitForSms(dataDir: string, count: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = await readSmsOutbox(dataDir);
    if (messages.length >= count) return messages[count - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} SMS within ${timeoutMs} ms`);
}
