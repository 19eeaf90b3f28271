import { isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';
import type { OwnSession, SignInHistoryEntry, SignInResult } from '@portal/contract';

interface SessionRow {
  id_hash: string;
  public_id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_seen_at: Date;
}

interface AttemptRow {
  occurred_at: Date;
  succeeded: boolean;
  reason: string;
  second_step: string | null;
  user_agent: string | null;
  ip: string | null;
}

/** The browser and system a user agent names, in the words its person uses ("Chrome 131", "Android 14"). */
function describeBrowser(userAgent: string | null): { browser: string | null; system: string | null; mobile: boolean } {
  if (!userAgent) return { browser: null, system: null, mobile: false };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null;
  const systemVersion = parsed.os.versionName ?? parsed.os.version?.split('.')[0];
  const system = parsed.os.name ? [parsed.os.name, systemVersion].filter(Boolean).join(' ') : null;
  return { browser, system, mobile: parsed.platform.type === 'mobile' || parsed.platform.type === 'tablet' };
}

/** The eight groups of an IPv6 address, '::' filled in. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}

/**
 * The network an address belongs to, not the address: enough for a person to tell home from
 * elsewhere, no more. IPv4 by its /24, IPv6 by its /48 (an IPv4 address written as IPv6 as IPv4).
 */
export function networkOf(ip: string | null): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
  if (isIPv4(mapped)) return `${mapped.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(mapped)) return `${ipv6Groups(mapped.toLowerCase()).slice(0, 3).join(':')}::/48`;
  return null;
}

const originOf = (row: { user_agent: string | null; ip: string | null }) => ({
  ...describeBrowser(row.user_agent),
  network: networkOf(row.ip),
});

export function presentOwnSessions(rows: SessionRow[], currentSessionHash: string): OwnSession[] {
  return rows.map((row) => ({
    id: row.public_id,
    ...originOf(row),
    signedInAt: row.created_at.toISOString(),
    lastActiveAt: row.last_seen_at.toISOString(),
    current: row.id_hash === currentSessionHash,
  }));
}

export function presentSignInHistory(rows: AttemptRow[]): SignInHistoryEntry[] {
  return rows.map((row) => ({
    at: row.occurred_at.toISOString(),
    succeeded: row.succeeded,
    // The repository reads only these kinds of attempt.
    result: row.reason as SignInResult,
    secondStep: row.second_step === 'sms' || row.second_step === 'email' ? row.second_step : null,
    ...originOf(row),
  }));
}
