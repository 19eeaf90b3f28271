import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SessionsTable {
  id_hash: string;
  user_id: number;
  mfa_pending: boolean;
  language: Generated<string>;
  device_id: string | null;
  ip: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Date;
  /** Shown to the session's person to name it; the secret's hash never leaves the server. */
  public_id: Generated<string>;
  user_agent: string | null;
  identity_connection_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A SAML provider's NameID of the person and its session index, for its single logout. */
  identity_name_id: ColumnType<string | null, string | null | undefined, string | null>;
  identity_name_id_format: ColumnType<string | null, string | null | undefined, string | null>;
  identity_session_index: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set on the session a customer view opens for the customer: the view it serves. */
  customer_view_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One customer view: who looked at which customer's portal, why, and for how long (migration 038). */
export interface CustomerViewsTable {
  id: Generated<number>;
  client_id: number;
  staff_user_id: number;
  customer_user_id: number;
  /** As the staff member typed it: the customer reads it in their sign-in history. */
  reason: string;
  /** The staff member's own session, kept alive through the view and given back when it is left. */
  staff_session_hash: string;
  /** The view's own session: its secret's hash, which the browser that left the view presents. */
  session_hash: string;
  address: string | null;
  user_agent: string | null;
  started_at: Timestamp;
  expires_at: Date;
  ended_at: Date | null;
  end_reason: 'left' | 'expired' | 'signedOut' | null;
}

/** The primary's WAL position at a person's last write (read replicas' read-your-writes). */
export interface ReadFloorsTable {
  user_id: number;
  wal_position: string;
  written_at: Generated<Date>;
}
