/**
 * A PostgreSQL address as libpq writes one, hosts listed included:
 * `postgres://user@db1:5432,db2:5432/portal?target_session_attrs=read-write`. The driver reads one
 * host only; the portal tries the listed hosts in turn itself (multi-host-client.ts).
 */
export type TargetSessionAttrs = 'any' | 'read-write' | 'primary';

export interface DatabaseAddress {
  hosts: { host: string; port: number }[];
  targetSessionAttrs: TargetSessionAttrs;
  /** The address of each host alone, without `target_session_attrs`, as the driver reads one. */
  hostUrls: string[];
}

const ADDRESS = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]+)(\/[^?#]*)?(\?[^#]*)?$/;
const TARGETS: readonly string[] = ['any', 'read-write', 'primary'];

function hostAndPort(entry: string): { host: string; port: number } | null {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry);
  if (!match) return null;
  const port = match[2] === undefined ? 5432 : Number(match[2]);
  if (port < 1 || port > 65_535) return null;
  return { host: match[1]!.replace(/^\[(.*)\]$/, '$1'), port };
}

/** Throws an Error saying what is wrong with `url`. */
export function parseDatabaseAddress(url: string): DatabaseAddress {
  const match = ADDRESS.exec(url.trim());
  if (!match) throw new Error('a postgres:// address');
  const [, scheme, user = '', hostList, path = '', query = ''] = match;
  const hosts = hostList!.split(',').map(hostAndPort);
  if (hosts.some((host) => host === null)) throw new Error('each host as name or name:port, separated by commas');
  const parameters = new URLSearchParams(query.slice(1));
  const targetSessionAttrs = parameters.get('target_session_attrs') ?? 'any';
  if (!TARGETS.includes(targetSessionAttrs)) throw new Error(`target_session_attrs must be one of ${TARGETS.join(', ')}`);
  parameters.delete('target_session_attrs');
  const rest = parameters.toString();
  return {
    hosts: hosts as DatabaseAddress['hosts'],
    targetSessionAttrs: targetSessionAttrs as TargetSessionAttrs,
    hostUrls: hostList!.split(',').map((host) => `${scheme}${user}${host}${path}${rest ? `?${rest}` : ''}`),
  };
}

/** A message for the configuration's checks, or null when `url` is a usable address. */
export function databaseAddressProblem(url: string, options: { oneHost?: boolean } = {}): string | null {
  try {
    const address = parseDatabaseAddress(url);
    if (options.oneHost && address.hosts.length > 1) return 'one host per address';
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
