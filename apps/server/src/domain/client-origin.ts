import { isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';

/** The browser and system a user agent names, in the words its person uses ("Chrome 131", "Android 14"). */
export function describeBrowser(userAgent: string | null): { browser: string | null; system: string | null; mobile: boolean } {
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

/** The browser and system families, without versions ("Chrome/Android"): a trusted device keeps its family across updates. */
export function browserFamilyOf(userAgent: string | null): string {
  if (!userAgent) return 'unknown';
  const parsed = Bowser.parse(userAgent);
  return `${parsed.browser.name ?? 'unknown'}/${parsed.os.name ?? 'unknown'}`;
}
