import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface TrustedDevicesTable {
  id: Generated<number>;
  public_id: Generated<string>;
  user_id: number;
  token_hash: string;
  security_stamp: string;
  /** The browser and system family when trusted ("Chrome/Android"): another family asks for the code again. */
  browser_family: string;
  /** The address networks the device signed in from with a code: another network asks for the code again. */
  networks: string[];
  user_agent: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Date;
}

export interface PasskeysTable {
  id: Generated<number>;
  public_id: Generated<string>;
  user_id: number;
  /** base64url, as the browser names the credential. */
  credential_id: string;
  /** The credential's COSE public key. */
  public_key: Uint8Array;
  /** The signature counter its authenticator last reported (bigint: PostgreSQL answers it as text). */
  counter: ColumnType<string, number, number>;
  transports: string[];
  name: string;
  created_at: Timestamp;
  last_used_at: Date | null;
}

export interface PasskeyChallengesTable {
  session_hash: string;
  purpose: 'register' | 'sign-in';
  challenge: string;
  expires_at: Date;
}
