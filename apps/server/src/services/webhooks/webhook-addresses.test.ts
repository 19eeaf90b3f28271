import { describe, expect, it } from 'vitest';
import { WEBHOOK_ERROR_KEYS } from '@portal/contract';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isAllowedAddress, requireReachableAddress, requireWebhookUrl } from './webhook-addresses.js';
import { postWebhook } from './webhook-sender.js';

const PRODUCTION = { allowLoopback: false };
const ON_THIS_MACHINE = { allowLoopback: true };

const keyOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as { key?: string }).key ?? String(error);
  }
  return 'accepted';
};

describe('where a webhook may go', () => {
  it('refuses in production every address that is not plainly on the internet', () => {
    const internal = [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '0.0.0.0',
      '224.0.0.251',
      '239.255.255.250',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      '::7f00:1',
      '2002:7f00:1::1',
      '2001:0:4136:e378::1',
    ];
    for (const address of internal) expect([address, isAllowedAddress(address, PRODUCTION)]).toEqual([address, false]);
    for (const address of [
      '93.184.215.14',
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
    ]) {
      expect([address, isAllowedAddress(address, PRODUCTION)]).toEqual([address, true]);
    }
  });

  it('lets this machine’s loopback through outside production only, over http too', () => {
    expect(isAllowedAddress('127.0.0.1', ON_THIS_MACHINE)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', ON_THIS_MACHINE)).toBe(false);
    expect(requireWebhookUrl('http://127.0.0.1:9000/hooks', ON_THIS_MACHINE).port).toBe('9000');
    expect(keyOf(() => requireWebhookUrl('http://127.0.0.1:9000/hooks', PRODUCTION))).toBe(WEBHOOK_ERROR_KEYS.urlNotHttps);
    expect(keyOf(() => requireWebhookUrl('http://example.com/hooks', ON_THIS_MACHINE))).toBe(WEBHOOK_ERROR_KEYS.urlNotHttps);
    expect(keyOf(() => requireWebhookUrl('ftp://example.com/hooks', PRODUCTION))).toBe(WEBHOOK_ERROR_KEYS.urlNotHttps);
    expect(keyOf(() => requireWebhookUrl('https://example.com/hooks', PRODUCTION))).toBe('accepted');
  });

  it('checks at registration the address itself, or every address its name resolves to', async () => {
    await expect(requireReachableAddress(new URL('https://127.0.0.1/hooks'), PRODUCTION)).rejects.toMatchObject({
      key: WEBHOOK_ERROR_KEYS.addressPrivate,
    });
    await expect(requireReachableAddress(new URL('https://localhost/hooks'), PRODUCTION)).rejects.toMatchObject({
      key: WEBHOOK_ERROR_KEYS.addressPrivate,
    });
    await expect(requireReachableAddress(new URL('https://no-such-host.invalid/hooks'), PRODUCTION)).rejects.toMatchObject({
      key: WEBHOOK_ERROR_KEYS.addressUnresolvable,
    });
    await expect(requireReachableAddress(new URL('https://127.0.0.1/hooks'), ON_THIS_MACHINE)).resolves.toBeUndefined();
  });
});

describe('connecting', () => {
  it('checks again where a name leads at the moment of connecting (a name may be turned towards an internal address)', async () => {
    const server = http.createServer((_request, response) => response.writeHead(204).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://localhost:${(server.address() as AddressInfo).port}/hooks`;
    const message = { url, headers: {}, body: '{}' };
    try {
      expect(await postWebhook(message, { timeoutMs: 2_000, rules: PRODUCTION })).toMatchObject({ delivered: false, statusCode: null });
      expect(
        await postWebhook({ ...message, url: url.replace('localhost', '127.0.0.1') }, { timeoutMs: 2_000, rules: PRODUCTION }),
      ).toEqual({
        delivered: false,
        statusCode: null,
        error: 'address not allowed',
      });
      expect(await postWebhook(message, { timeoutMs: 2_000, rules: ON_THIS_MACHINE })).toEqual({ delivered: true, statusCode: 204 });
    } finally {
      server.close();
    }
  });
});
