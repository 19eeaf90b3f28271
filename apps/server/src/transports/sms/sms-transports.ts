import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutgoingSms, SmsTransport } from './sms-transport.js';

/**
 * An HTTP SMS provider: POST {from, to, text} as JSON to SMS_PROVIDER_URL with the token as a
 * bearer credential. Any 2xx is delivered; anything else is retried by the queue.
 */
export function createHttpSmsTransport(options: { url: string; token: string | undefined; from: string }): SmsTransport {
  return {
    kind: 'http',
    async send(message: OutgoingSms) {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.token && { authorization: `Bearer ${options.token}` }),
        },
        body: JSON.stringify({ from: options.from, to: message.to, text: message.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    },
  };
}

/** The embedded default: each message becomes a JSON file under the folder (the SMS outbox). */
export function createFileSmsTransport(folder: string): SmsTransport {
  let sequence = 0;
  return {
    kind: 'file',
    async send(message: OutgoingSms) {
      await mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${++sequence}-${message.to.replace(/\D/g, '')}.json`;
      await writeFile(path.join(folder, name), JSON.stringify({ ...message, at: new Date().toISOString() }, null, 2));
    },
  };
}
