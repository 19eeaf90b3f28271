import type { RoleCode } from '@portal/contract';
import { insertUser } from '../src/db/seed/factories.js';
import type { TestApp } from './test-app.js';

/** The user-management calls, as one signed-in person makes them. */
export function managementApi(t: TestApp, cookie: string) {
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: { cookie } });
  return {
    dataLists: () => call('GET', '/api/usermanagement/getdatalists'),
    list: (body: object = {}) => call('POST', '/api/usermanagement/users', body),
    get: (id: number | string) => call('GET', `/api/usermanagement/users/${id}`),
    create: (body: object) => call('POST', '/api/usermanagement/createuser', body),
    update: (body: object) => call('POST', '/api/usermanagement/updateuser', body),
    resetPassword: (userId: number) => call('POST', '/api/usermanagement/resetpassword', { userId }),
    softDelete: (userId: number) => call('POST', '/api/usermanagement/softdelete', { userId }),
    saveReportAccess: (userId: number, submitedReports: object[]) =>
      call('POST', '/api/usermanagement/savereportaccess', { userId, submitedReports }),
  };
}
export type ManagementApi = ReturnType<typeof managementApi>;

/** A user made directly with the seed factories (with the demo password's hash when one is given). */
export async function insertTestUser(
  t: TestApp,
  fields: { username: string; role: RoleCode; clientCode: string; experienceCode?: string; firstName?: string; lastName?: string; passwordHash?: string },
): Promise<number> {
  const db = t.database.db;
  const client = await db.selectFrom('clients').select('id').where('code', '=', fields.clientCode).executeTakeFirstOrThrow();
  const experience = await db
    .selectFrom('experiences')
    .select('id')
    .where('code', '=', fields.experienceCode ?? fields.clientCode)
    .executeTakeFirstOrThrow();
  return insertUser(db, {
    username: fields.username,
    role_code: fields.role,
    client_id: client.id,
    experience_id: experience.id,
    first_name: fields.firstName ?? 'Test',
    last_name: fields.lastName ?? 'Person',
    password_hash: fields.passwordHash ?? null,
  });
}

/** The form of a new user; its e-mail is <username>@example.com, where the test sign-in reads codes. */
export function newUserForm(username: string, overrides: Record<string, unknown> = {}) {
  return {
    username,
    firstName: 'Nora',
    lastName: 'Bergeron',
    email: `${username}@example.com`,
    roleCode: 'USER',
    clientCode: 'NBF',
    experienceCode: 'NBW',
    activeMFA: true,
    contactLanguage: 'en',
    ...overrides,
  };
}

/** The audit rows written about a user, oldest first. */
export function auditOf(t: TestApp, targetUserId: number) {
  return t.database.db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'action', 'before', 'after'])
    .where('target_user_id', '=', targetUserId)
    .orderBy('id')
    .execute();
}

export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const row = await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}
