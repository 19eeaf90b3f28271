import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { Endpoint } from '@portal/contract';
import { insertApiKey } from '../src/db/seed/factories.js';
import { signIn, type TestApp } from './test-app.js';

/** `key`: a client's back office, with a live API key of the super user's client for all its types. */
export type FuzzIdentity = 'anonymous' | 'user' | 'staff' | 'key';

/** Everyone calls every endpoint; those who get past its guard call it more often. */
export function fuzzIdentityFor(endpoint: Endpoint): fc.Arbitrary<FuzzIdentity> {
  const isPublic = endpoint.access === 'public';
  const isVersioned = endpoint.access === 'apiKey';
  return fc.oneof(
    { weight: isPublic ? 2 : 1, arbitrary: fc.constant('anonymous' as const) },
    { weight: endpoint.menu || isVersioned ? 1 : 2, arbitrary: fc.constant('user' as const) },
    { weight: isVersioned ? 1 : 2, arbitrary: fc.constant('staff' as const) },
    { weight: isVersioned ? 6 : 1, arbitrary: fc.constant('key' as const) },
  );
}

const USERNAMES: Record<Exclude<FuzzIdentity, 'anonymous' | 'key'>, string> = { user: 'demo.user', staff: 'demo.super' };

/**
 * The people the fuzz calls as: nobody, a fully signed-in USER and a super user. Fuzzed calls
 * may end these sessions, or rename, lock or soft-delete these accounts (a super user manages
 * everyone, a user edits its own profile): when a signed-in call answers 401, the account is put
 * back as it was at the start and signed in again, so the rest of the run still reaches the
 * code behind the sign-in.
 */
export async function createFuzzIdentities(t: TestApp) {
  const db = t.database.db;
  const snapshots = new Map(
    await Promise.all(
      Object.values(USERNAMES).map(
        async (username) =>
          [username, await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow()] as const,
      ),
    ),
  );
  const cookies = new Map<string, string>();
  let apiKeySecret: string | undefined;

  async function restoreAndSignIn(username: string): Promise<string> {
    const { id, created_at: _createdAt, search_preference, ...columns } = snapshots.get(username)!;
    await db
      .updateTable('users')
      .set({ ...columns, search_preference: JSON.stringify(search_preference) })
      .where('id', '=', id)
      .execute();
    // A message the fuzz had sent to this address (a reset link) may arrive first: try again.
    for (let attempt = 1; ; attempt++) {
      try {
        return await signIn(t, username);
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  }

  async function cookieOf(identity: FuzzIdentity): Promise<string | undefined> {
    if (identity === 'anonymous' || identity === 'key') return undefined;
    const username = USERNAMES[identity];
    if (!cookies.has(username)) cookies.set(username, await restoreAndSignIn(username));
    return cookies.get(username);
  }

  /** The Authorization header of a back office's call; the key is made when first needed (again once a fuzzed call revoked it). */
  async function authorizationOf(identity: FuzzIdentity): Promise<string | undefined> {
    if (identity !== 'key') return undefined;
    if (!apiKeySecret) {
      const staff = snapshots.get(USERNAMES.staff)!;
      apiKeySecret = (await insertApiKey(db, { clientId: staff.client_id, name: 'Fuzz sender' })).secret;
    }
    return `Bearer ${apiKeySecret}`;
  }

  /** Notices a lost session or a revoked key, so that the next call of this identity signs in again or gets a new key. */
  async function noteAnswer(identity: FuzzIdentity, response: LightMyRequestResponse): Promise<void> {
    if (identity === 'anonymous' || response.statusCode !== 401) return;
    if (identity === 'key') {
      const probe = await t.app.inject({ url: '/api/v1/key', headers: { authorization: `Bearer ${apiKeySecret}` } });
      if (probe.statusCode === 401) apiKeySecret = undefined;
      return;
    }
    const username = USERNAMES[identity];
    const probe = await t.app.inject({ url: '/login/account-status', headers: { cookie: cookies.get(username)! } });
    if (probe.statusCode === 401) cookies.delete(username);
  }

  return { cookieOf, authorizationOf, noteAnswer };
}
