import http from 'node:http';
import https from 'node:https';
import { lookupAllowed, isAllowedAddress, type AddressRules } from './webhook-addresses.js';
import { isIP } from 'node:net';

/** What one attempt met: the receiver's status code, or why there was none. */
export type AttemptOutcome = { delivered: true; statusCode: number } | { delivered: false; statusCode: number | null; error: string };

/** The most of a receiver's answer read (and thrown away): an answer is a status code. */
const ANSWER_BYTES_READ = 64 * 1024;

/**
 * Posts one message: at the address only after its host resolved to allowed addresses at the
 * moment of connecting (a name cannot be turned towards an internal address in between), with
 * no redirect followed (3xx is a failure) and within the timeout, from connecting to the answer.
 */
export function postWebhook(
  target: { url: string; headers: Record<string, string>; body: string },
  options: { timeoutMs: number; rules: AddressRules },
): Promise<AttemptOutcome> {
  const url = new URL(target.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An IP address is connected to without a lookup: it is checked here instead.
  if (isIP(host) !== 0 && !isAllowedAddress(host, options.rules)) {
    return Promise.resolve({ delivered: false, statusCode: null, error: 'address not allowed' });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...target.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(target.body) },
        lookup: lookupAllowed(options.rules),
        timeout: options.timeoutMs,
        agent: false,
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_BYTES_READ) response.destroy();
        });
        response.on('error', () => undefined);
        response.resume();
        clearTimeout(overall);
        if (statusCode >= 200 && statusCode < 300) resolve({ delivered: true, statusCode });
        else if (statusCode >= 300 && statusCode < 400) resolve({ delivered: false, statusCode, error: 'redirect not followed' });
        else resolve({ delivered: false, statusCode, error: `answered ${statusCode}` });
      },
    );
    // The socket's timeout counts idle time only: this one counts the whole attempt.
    const overall = setTimeout(() => request.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`)), options.timeoutMs);
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`)));
    request.on('error', (error) => {
      clearTimeout(overall);
      resolve({ delivered: false, statusCode: null, error: error.message.slice(0, 500) });
    });
    request.end(target.body);
  });
}
