import type { ApiKeysRepository } from '../db/repositories/api-keys.repository.js';
import type { AuditLogRepository } from '../db/repositories/audit-log.repository.js';
import type { Transact } from '../db/transact.js';
import { isApiKeyShaped } from './api-key-secret.js';
import type { Limit, RateLimiter } from './rate-limiter.js';
import { hashSecret } from './tokens.js';

/** Who is calling a versioned route: a client's back office, through one of its keys. */
export interface ApiKeyContext {
  keyId: number;
  clientId: number;
  name: string;
  /** The types the key may write to; null: every type of its client. */
  reportIds: number[] | null;
}

export type ApiKeyAuthentication =
  | { outcome: 'accepted'; key: ApiKeyContext }
  /** The prefix lets an operator tell which sender is misconfigured; it reveals nothing of a key we hold. */
  | { outcome: 'unknown'; prefix: string }
  | { outcome: 'revoked'; keyId: number };

export type ApiKeyDenialReason = 'revoked' | 'typeOutOfScope';

/** last_used_at is written at most this often: ingestion makes hundreds of calls a second. */
const LAST_USED_INTERVAL_MS = 60_000;
/**
 * Unknown keys identify nobody, so they are logged rather than audited; past this many refused keys
 * (unknown or revoked) a minute from one address, the address is answered 429 and no longer logged.
 */
export const REFUSED_KEY_LIMIT_PER_MINUTE = 30;
const refusedFrom = (ip: string): Limit => ({ bucket: `api-key-refused:${ip}`, max: REFUSED_KEY_LIMIT_PER_MINUTE, windowSeconds: 60 });
/** A sender looping on a refused call would otherwise write an audit row per call. */
const DENIAL_AUDIT_WINDOW_SECONDS = 60;
/** Enough to tell keys apart in a log line, too little to matter. */
const LOGGED_PREFIX_LENGTH = 12;

export function createApiKeyAuthenticationService(deps: {
  apiKeys: ApiKeysRepository;
  audit: AuditLogRepository;
  rateLimiter: RateLimiter;
  transact: Transact;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** One audit row per key, reason (and type) and minute: the first denial of a burst says what happened. */
  async function recordDenial(keyId: number, reason: ApiKeyDenialReason, details: object, about = ''): Promise<void> {
    const hits = await deps.rateLimiter.hit({
      bucket: `api-key-denied:${keyId}:${reason}:${about}`,
      max: 1,
      windowSeconds: DENIAL_AUDIT_WINDOW_SECONDS,
    });
    if (hits > 1) return;
    await deps.transact((trx) =>
      deps.audit.record(
        { actorUserId: null, action: 'apiKeyDenied', targetUserId: null, before: null, after: { keyId, reason, ...details } },
        trx,
      ),
    );
  }

  return {
    /** The key a secret belongs to, if it is live. A revoked key's use is audited; refused keys are rate-limited by address. */
    async authenticate(presented: string, ip: string): Promise<ApiKeyAuthentication> {
      const row = isApiKeyShaped(presented) ? await deps.apiKeys.findByHash(hashSecret(presented)) : undefined;
      if (!row) {
        await deps.rateLimiter.consume(refusedFrom(ip));
        return { outcome: 'unknown', prefix: presented.slice(0, LOGGED_PREFIX_LENGTH) };
      }
      if (row.revoked_at) {
        await deps.rateLimiter.consume(refusedFrom(ip));
        await recordDenial(row.id, 'revoked', { keyPrefix: row.key_prefix, clientId: row.client_id, ip });
        return { outcome: 'revoked', keyId: row.id };
      }
      const at = now();
      if (!row.last_used_at || at.getTime() - row.last_used_at.getTime() >= LAST_USED_INTERVAL_MS) {
        await deps.apiKeys.touchLastUsed(row.id, at, new Date(at.getTime() - LAST_USED_INTERVAL_MS));
      }
      return { outcome: 'accepted', key: { keyId: row.id, clientId: row.client_id, name: row.name, reportIds: row.report_ids } };
    },

    /** Records that a live key tried a type of its client outside its scope. */
    recordTypeDenied(key: ApiKeyContext, type: { id: number; code: string }, ip: string): Promise<void> {
      const details = { clientId: key.clientId, typeCode: type.code, reportId: type.id, ip };
      return recordDenial(key.keyId, 'typeOutOfScope', details, String(type.id));
    },
  };
}
export type ApiKeyAuthenticationService = ReturnType<typeof createApiKeyAuthenticationService>;

/** Whether the key may write documents of this type. */
export function isTypeInKeyScope(key: ApiKeyContext, reportId: number): boolean {
  return key.reportIds === null || key.reportIds.includes(reportId);
}
