import {
  SECOND_STEPS,
  type OwnSession,
  type SecondStep,
  type SignInHistoryEntry,
  type SignInResult,
  type TrustedDevice,
} from '@portal/contract';
import { describeBrowser, networkOf } from '../domain/client-origin.js';

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

const isSecondStep = (value: string | null): value is SecondStep => (SECOND_STEPS as readonly (string | null)[]).includes(value);

const originOf = (row: { user_agent: string | null; ip: string | null }) => ({
  ...describeBrowser(row.user_agent),
  network: networkOf(row.ip),
});

/** `currentSessionHash`: the asking browser's session, marked `current`; null when the list is someone else's. */
export function presentOwnSessions(rows: SessionRow[], currentSessionHash: string | null): OwnSession[] {
  return rows.map((row) => ({
    id: row.public_id,
    ...originOf(row),
    signedInAt: row.created_at.toISOString(),
    lastActiveAt: row.last_seen_at.toISOString(),
    current: row.id_hash === currentSessionHash,
  }));
}

export function presentTrustedDevices(
  rows: {
    public_id: string;
    user_agent: string | null;
    networks: string[];
    created_at: Date;
    last_used_at: Date;
    expires_at: Date;
  }[],
): TrustedDevice[] {
  return rows.map((row) => ({
    id: row.public_id,
    ...describeBrowser(row.user_agent),
    // Networks are stored as such already; the one it was trusted from comes first.
    network: row.networks[0] ?? null,
    trustedAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  }));
}

export function presentSignInHistory(rows: AttemptRow[]): SignInHistoryEntry[] {
  return rows.map((row) => ({
    at: row.occurred_at.toISOString(),
    succeeded: row.succeeded,
    // The repository reads only these kinds of attempt.
    result: row.reason as SignInResult,
    secondStep: isSecondStep(row.second_step) ? row.second_step : null,
    ...originOf(row),
  }));
}
