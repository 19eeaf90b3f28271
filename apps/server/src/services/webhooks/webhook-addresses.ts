import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_ERROR_KEYS } from '@portal/contract';
import { AppError } from '../../errors.js';

/**
 * Where a webhook may not go: any address that is not plainly on the internet. A client's
 * endpoint must never make the portal call into its own network (server-side request forgery).
 */
const INTERNAL_RANGES: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network"
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local (cloud metadata services)
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['192.168.0.0', 16, 'ipv4'], // private
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, and broadcast
  ['::', 96, 'ipv6'], // IPv4-compatible (deprecated), and the loopback ::1
  ['2001::', 32, 'ipv6'], // Teredo: may carry any IPv4 address
  ['2002::', 16, 'ipv6'], // 6to4: may carry any IPv4 address
  ['64:ff9b::', 96, 'ipv6'], // IPv4 through NAT64: may reach any of the above
  ['100::', 64, 'ipv6'], // discard
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
  ['ff00::', 8, 'ipv6'], // multicast
];
const LOOPBACK_RANGES: [string, number, 'ipv4' | 'ipv6'][] = [
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
];

function blockListOf(ranges: [string, number, 'ipv4' | 'ipv6'][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
  return list;
}
const internal = blockListOf(INTERNAL_RANGES);
const loopback = blockListOf(LOOPBACK_RANGES);

/** The IPv4 address an IPv4-mapped IPv6 address stands for (::ffff:a.b.c.d, or ::ffff:7f00:1 as URLs write it), else the address as it is. */
function unmapped(address: string): string {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return address;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Who may be called: internet addresses; with `allowLoopback` (outside production), this machine's own too. */
export interface AddressRules {
  allowLoopback: boolean;
}

/** Whether a webhook may be sent to this IP address. */
export function isAllowedAddress(address: string, rules: AddressRules): boolean {
  const plain = unmapped(address.replace(/^\[|\]$/g, ''));
  const family = isIP(plain) === 4 ? 'ipv4' : isIP(plain) === 6 ? 'ipv6' : null;
  if (!family) return false;
  if (rules.allowLoopback && loopback.check(plain, family)) return true;
  return !internal.check(plain, family);
}

const refusal = (key: string, message: string) => new AppError(400, key, message);
const addressPrivate = () =>
  refusal(WEBHOOK_ERROR_KEYS.addressPrivate, 'The address is private, loopback, link-local or otherwise not on the internet.');

/** The endpoint's address, once its form is allowed: https (http only to loopback when allowed), no credentials. */
export function requireWebhookUrl(text: string, rules: AddressRules): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refusal(WEBHOOK_ERROR_KEYS.urlInvalid, 'The address is not a valid URL.');
  }
  if (url.username || url.password || url.hash)
    throw refusal(WEBHOOK_ERROR_KEYS.urlInvalid, 'The address may carry no credentials nor fragment.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host) === 4 ? 'ipv4' : 'ipv6';
  const isLoopbackHost = host === 'localhost' || (isIP(host) !== 0 && loopback.check(host, family));
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && rules.allowLoopback && isLoopbackHost) return url;
  throw refusal(WEBHOOK_ERROR_KEYS.urlNotHttps, 'The address must use https.');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Resolves a host name as the operating system does, checking each address it gives. */
export function lookupAllowed(rules: AddressRules) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((entry) => !isAllowedAddress(entry.address, rules));
      if (refused || addresses.length === 0) {
        return callback(Object.assign(new Error(`address not allowed: ${refused?.address ?? hostname}`), { code: 'EADDRNOTALLOWED' }), []);
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * Checks where an address leads at registration: an IP address itself, or every address its
 * name resolves to. Connecting checks again (lookupAllowed), since a name may resolve otherwise later.
 */
export async function requireReachableAddress(url: URL, rules: AddressRules): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) {
    if (!isAllowedAddress(host, rules)) throw addressPrivate();
    return;
  }
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found)),
  );
  if (addresses.length === 0) throw refusal(WEBHOOK_ERROR_KEYS.addressUnresolvable, 'The address’s host name does not resolve.');
  if (addresses.some((entry) => !isAllowedAddress(entry.address, rules))) throw addressPrivate();
}
