import type { RoleCode } from '@portal/contract';
import { insertUser } from '../src/db/seed/factories.js';
import { hashPassword } from '../src/services/passwords.js';
import { createTestApp, DEMO_PASSWORD, signIn, type TestApp } from './test-app.js';
import { refusalOf, type InjectedResponse } from './wire.js';

/** The Northbridge demo account of each role, to sign in as that role. */
export const SIGN_IN_AS: Record<RoleCode, string> = {
  USER: 'demo.user',
  CUSTOMER_SERVICE: 'demo.service',
  ADMIN: 'demo.admin',
  INTERNAL: 'demo.internal',
  SUPER_USER: 'demo.super',
};
/** The roles that manage users. */
export const MANAGERS = ['CUSTOMER_SERVICE', 'ADMIN', 'INTERNAL', 'SUPER_USER'] as const;
/** The roles' order as README "Who may do what" writes it, independently of the code the tests check. */
export const RANK: Record<RoleCode, number> = { USER: 1, CUSTOMER_SERVICE: 2, ADMIN: 3, INTERNAL: 4, SUPER_USER: 5 };

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
    previewReportAccess: (userId: number, submitedReports: object[]) =>
      call('POST', '/api/usermanagement/previewreportaccess', { userId, submitedReports }),
  };
}
export type ManagementApi = ReturnType<typeof managementApi>;

/** The factory's user columns, with the seeded client and division named by code (the client's own division by default). */
type TestUserFields = Omit<Parameters<typeof insertUser>[1], 'client_id' | 'experience_id'> & {
  clientCode: string;
  experienceCode?: string;
};

/** A user made directly with the seed factories. */
export async function insertTestUser(t: TestApp, { clientCode, experienceCode = clientCode, ...columns }: TestUserFields): Promise<number> {
  const db = t.database.db;
  const client = await db.selectFrom('clients').select('id').where('code', '=', clientCode).executeTakeFirstOrThrow();
  const experience = await db.selectFrom('experiences').select('id').where('code', '=', experienceCode).executeTakeFirstOrThrow();
  return insertUser(db, { ...columns, client_id: client.id, experience_id: experience.id });
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

/** An app where the demo ADMIN and SUPER_USER are signed in to user management. */
export async function openUserManagementFixture() {
  const t = await createTestApp();
  return {
    t,
    close: () => t.close(),
    admin: managementApi(t, await signIn(t, 'demo.admin')),
    superUser: managementApi(t, await signIn(t, 'demo.super')),
    /** The demo password's hash, for users made directly who then sign in. */
    demoHash: await hashPassword(DEMO_PASSWORD),
    post: (url: string, payload: object, cookie?: string) =>
      t.app.inject({ method: 'POST', url, payload, ...(cookie && { headers: { cookie } }) }),
  };
}

/** The first message of each field, as a form shows it. */
export const issuesOf = (response: InjectedResponse) =>
  Object.fromEntries((refusalOf(response).issues ?? []).reverse().map((issue) => [issue.path, issue.message]));
