import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { createManagedUsersRepository, type ManagedUserFields } from '../src/db/repositories/managed-users.repository.js';
import { createTransact } from '../src/db/transact.js';
import { UsernameTakenError } from '../src/domain/username-taken-error.js';
import { openTestDatabase } from './test-app.js';

let database: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

/** The fields of a new user of demo.user's client and division, under the given username. */
async function fieldsNamed(username: string): Promise<ManagedUserFields> {
  const owner = await database.db
    .selectFrom('users')
    .select(['client_id', 'experience_id'])
    .where('username', '=', 'demo.user')
    .executeTakeFirstOrThrow();
  return {
    username,
    firstName: 'Race',
    lastName: 'Condition',
    email: `${username.toLowerCase()}@example.com`,
    roleCode: 'USER',
    clientId: owner.client_id,
    experienceId: owner.experience_id,
    activeMfa: true,
  };
}

// Services check a username before writing it; these are the writes that lose a race with someone
// saving the same name in between, which only the unique index sees.
describe('the managed-users repository, when the username index refuses a row', () => {
  it('raises UsernameTakenError on creation, whatever the case of the name', async () => {
    const managedUsers = createManagedUsersRepository(database.db);
    const transact = createTransact(database.db);
    // Read before the transaction: the embedded database has a single connection.
    const fields = await fieldsNamed('DEMO.USER');
    const attempt = transact((trx) => managedUsers.create({ ...fields, contactLanguage: 'en', createdBy: null }, trx));
    await expect(attempt).rejects.toBeInstanceOf(UsernameTakenError);
  });

  it('raises UsernameTakenError when an update takes another user’s name', async () => {
    const managedUsers = createManagedUsersRepository(database.db);
    const transact = createTransact(database.db);
    const [newcomer, renamed] = await Promise.all([fieldsNamed('race.newcomer'), fieldsNamed('Demo.Admin')]);
    const userId = await transact((trx) => managedUsers.create({ ...newcomer, contactLanguage: 'en', createdBy: null }, trx));
    const attempt = transact((trx) => managedUsers.update(userId, renamed, trx));
    await expect(attempt).rejects.toBeInstanceOf(UsernameTakenError);
  });
});
