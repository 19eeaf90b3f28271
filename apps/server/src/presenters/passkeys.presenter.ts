import type { Passkey } from '@portal/contract';

interface PasskeyRow {
  public_id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** A passkey as its person sees it: its name and dates, never its key or credential id. */
export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.public_id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

/** The options of a WebAuthn call as the browser's library takes them (JSON already: only the type is widened). */
export function presentWebAuthnOptions(options: { challenge: string }): { challenge: string; [field: string]: unknown } {
  return { ...options };
}
