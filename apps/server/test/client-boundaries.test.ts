import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_TENANT_ERROR_KEYS, ROLE_CODES, type RoleCode } from '@portal/contract';
import { linkOf, tokenOf } from '../../../test-support/smtp-sink.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { managementApi, MANAGERS, newUserForm, RANK, SIGN_IN_AS, userIdOf } from './user-management-helpers.js';

/**
 * The role × client matrix of decision record 025, written out independently of the code it
 * checks: what each role gets on each surface, in its own client and in another one.
 * `allowed` is 200; `refused` is 403 errors.forbidden; `absent` is the surface's own 404, the
 * answer an object that does not exist gets.
 */
type Outcome = 'allowed' | 'refused' | 'absent';
const SURFACES = ['userManagement', 'userCreation', 'console', 'consoleBrand', 'apiKeys', 'usageReports', 'auditLog', 'documents'] as const;
type Surface = (typeof SURFACES)[number];
type Row = Record<Surface, readonly [own: Outcome, other: Outcome]>;

const NOBODY_ELSE: Row = {
  userManagement: ['refused', 'refused'],
  userCreation: ['refused', 'refused'],
  console: ['refused', 'refused'],
  consoleBrand: ['refused', 'refused'],
  apiKeys: ['refused', 'refused'],
  usageReports: ['refused', 'refused'],
  auditLog: ['refused', 'refused'],
  documents: ['allowed', 'absent'],
};
const CLIENT_ADMINISTRATION: Row = { ...NOBODY_ELSE, userManagement: ['allowed', 'absent'], userCreation: ['allowed', 'refused'] };
const MATRIX: Record<RoleCode, Row> = {
  USER: NOBODY_ELSE,
  CUSTOMER_SERVICE: CLIENT_ADMINISTRATION,
  ADMIN: CLIENT_ADMINISTRATION,
  INTERNAL: {
    userManagement: ['allowed', 'absent'],
    userCreation: ['allowed', 'refused'],
    console: ['allowed', 'refused'],
    consoleBrand: ['allowed', 'absent'],
    apiKeys: ['allowed', 'refused'],
    usageReports: ['allowed', 'refused'],
    auditLog: ['allowed', 'refused'],
    documents: ['allowed', 'absent'],
  },
  SUPER_USER: {
    userManagement: ['allowed', 'allowed'],
    userCreation: ['allowed', 'allowed'],
    console: ['allowed', 'allowed'],
    consoleBrand: ['allowed', 'allowed'],
    apiKeys: ['allowed', 'allowed'],
    usageReports: ['allowed', 'allowed'],
    auditLog: ['allowed', 'allowed'],
    // Documents are read as the people of one's own client read them, by everyone.
    documents: ['allowed', 'absent'],
  },
};
const NOT_FOUND_KEY: Partial<Record<Surface, string>> = {
  userManagement: 'errors.userNotFound',
  consoleBrand: CONSOLE_TENANT_ERROR_KEYS.experienceNotFound,
  documents: 'errors.notFound',
};

const NEW_PASSWORD = 'Boundary#Check42';

/** What the probes need of a client: its id, its main division's, one of its users and one of its document types. */
interface Client {
  code: 'NBF' | 'LAU';
  id: number;
  experienceId: number;
  userId: number;
  typeCode: string;
}

let t: TestApp;
const clients = {} as Record<Client['code'], Client>;
const cookies = {} as Record<RoleCode, string>;
let madeUsers = 0;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const clientRows = await db.selectFrom('clients').select(['id', 'code']).execute();
  const experienceRows = await db.selectFrom('experiences').select(['id', 'code']).execute();
  for (const code of ['NBF', 'LAU'] as const) {
    clients[code] = {
      code,
      id: clientRows.find((row) => row.code === code)!.id,
      experienceId: experienceRows.find((row) => row.code === code)!.id,
      userId: await userIdOf(t, code === 'NBF' ? 'demo.user' : 'lau.user'),
      typeCode: code === 'NBF' ? 'NBF-STMT' : 'LAU-BILL',
    };
  }
  for (const role of ROLE_CODES) cookies[role] = await signIn(t, SIGN_IN_AS[role]);
});
afterAll(() => t.close());

/** One call on one surface about one client, as the person behind the cookie makes it. */
function probe(surface: Surface, cookie: string, client: Client) {
  const headers = { cookie };
  switch (surface) {
    case 'userManagement':
      return managementApi(t, cookie).get(client.userId);
    case 'userCreation':
      return managementApi(t, cookie).create(newUserForm(`made.${++madeUsers}`, { clientCode: client.code, experienceCode: client.code }));
    case 'console':
      return t.app.inject({ url: `/api/console/clients/${client.id}/completeness`, headers });
    case 'consoleBrand':
      return t.app.inject({ url: `/api/console/experiences/${client.experienceId}`, headers });
    case 'apiKeys':
      return t.app.inject({ url: `/api/apikeys?clientId=${client.id}`, headers });
    case 'usageReports':
      return t.app.inject({ method: 'POST', url: '/reports/generate', payload: { clientIds: [client.id] }, headers });
    case 'auditLog':
      return t.app.inject({ url: `/api/console/audit?clientId=${client.id}`, headers });
    case 'documents':
      return t.app.inject({ method: 'POST', url: `/Dashboard/ReportData/${client.typeCode}`, payload: {}, headers });
  }
}

/** Every surface of a role's row, in the person's own client and in the other one. */
async function expectRow(role: RoleCode, cookie: string, own: Client, other: Client, who: string) {
  for (const surface of SURFACES) {
    for (const [index, client] of [own, other].entries()) {
      const expected = MATRIX[role][surface][index]!;
      const label = `${who} (${role}) → ${surface} of ${client.code}`;
      const response = await probe(surface, cookie, client);
      if (expected === 'allowed') {
        expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(200);
      } else if (expected === 'refused') {
        expect(response.statusCode, label).toBe(403);
        expect(response.json(), label).toMatchObject({ success: false, error: 'errors.forbidden' });
      } else {
        expect(response.statusCode, label).toBe(404);
        expect(response.json(), label).toMatchObject({ success: false, error: NOT_FOUND_KEY[surface] });
      }
    }
  }
}

/** A new account made through user management, its password chosen through its welcome link, signed in. */
async function createAndSignIn(creator: RoleCode, role: RoleCode, client: Client, username: string): Promise<string> {
  const before = t.smtp.messages.length;
  const created = await managementApi(t, cookies[creator]).create(
    newUserForm(username, { roleCode: role, clientCode: client.code, experienceCode: client.code }),
  );
  expect(created.statusCode, created.body).toBe(200);
  const token = tokenOf(linkOf(await t.smtp.waitFor(`${username}@example.com`, { after: before })));
  const chosen = await t.app.inject({
    method: 'POST',
    url: '/api/resetpassword',
    payload: { username, token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return signIn(t, username, NEW_PASSWORD);
}

/** A USER of NBF made by the operator's staff, for another role to try to change. */
async function madeBySuperUser(username: string): Promise<number> {
  const created = await managementApi(t, cookies.SUPER_USER).create(newUserForm(username, { experienceCode: 'NBF' }));
  expect(created.statusCode, created.body).toBe(200);
  return (created.json() as { user: { Id: number } }).user.Id;
}

/** Whether an account of this username exists, as the one role that sees every client finds it. */
async function isListed(username: string): Promise<boolean> {
  const listed = await managementApi(t, cookies.SUPER_USER).list({ search: username });
  return (listed.json() as { Users: { Username: string }[] }).Users.some((user) => user.Username === username);
}

describe('the role × client matrix', () => {
  it.each(ROLE_CODES)('holds for %s on every surface, in its own client and in another', async (role) => {
    await expectRow(role, cookies[role], clients.NBF, clients.LAU, SIGN_IN_AS[role]);
  });
});

describe('an account made by user management', () => {
  it.each(MANAGERS)('of the role of its %s maker, in the maker’s client, reaches no further than its maker', async (role) => {
    const cookie = await createAndSignIn(role, role, clients.NBF, `peer.${role.toLowerCase()}`);
    await expectRow(role, cookie, clients.NBF, clients.LAU, `a ${role} made by ${SIGN_IN_AS[role]}`);
  });

  it.each(MANAGERS)('in another client, by a %s: made and used only by the role that reaches every client', async (role) => {
    const username = `crossing.${role.toLowerCase()}`;
    if (MATRIX[role].userCreation[1] !== 'allowed') {
      const refused = await managementApi(t, cookies[role]).create(
        newUserForm(username, { roleCode: role, clientCode: 'LAU', experienceCode: 'LAU' }),
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, error: 'errors.forbidden' });
      expect(await isListed(username)).toBe(false);
      const signingIn = await t.app.inject({
        method: 'POST',
        url: '/login/processlogin',
        payload: { UserName: username, Password: NEW_PASSWORD },
      });
      expect(signingIn.statusCode).toBe(400);
      return;
    }
    const cookie = await createAndSignIn(role, role, clients.LAU, username);
    await expectRow(role, cookie, clients.LAU, clients.NBF, `a ${role} of LAU made by ${SIGN_IN_AS[role]}`);
  });

  it('made INTERNAL in another client by the operator’s staff, reaches that client alone', async () => {
    const cookie = await createAndSignIn('SUPER_USER', 'INTERNAL', clients.LAU, 'lau.staff');
    await expectRow('INTERNAL', cookie, clients.LAU, clients.NBF, 'an INTERNAL of LAU');
  });
});

describe('moving a user of one’s own client', () => {
  it.each(MANAGERS)('into another client, under the role of a %s, only where the matrix lets it create there', async (role) => {
    const username = `mover.${role.toLowerCase()}`;
    const target = await madeBySuperUser(username);
    const moved = await managementApi(t, cookies[role]).update({
      userId: target,
      ...newUserForm(username, { roleCode: role, clientCode: 'LAU', experienceCode: 'LAU' }),
    });
    if (MATRIX[role].userCreation[1] === 'allowed') {
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ user: { Client_Code: 'LAU', Role_Code: role } });
    } else {
      expect(moved.statusCode).toBe(403);
      expect(moved.json()).toMatchObject({ success: false, error: 'errors.forbidden' });
      const unchanged = await managementApi(t, cookies.SUPER_USER).get(target);
      expect(unchanged.json()).toMatchObject({ Users: [{ Client_Code: 'NBF', Role_Code: 'USER' }] });
    }
  });

  it.each(MANAGERS)('to a role reaching further than a %s is refused with 403 errors.roleNotAllowed', async (role) => {
    const higher = ROLE_CODES.filter((candidate) => RANK[candidate] > RANK[role]);
    const username = `raised.${role.toLowerCase()}`;
    const userId = await madeBySuperUser(username);
    for (const roleCode of higher) {
      const raised = await managementApi(t, cookies[role]).update({
        userId,
        ...newUserForm(username, { roleCode, experienceCode: 'NBF' }),
      });
      expect(raised.statusCode, `${role} gives ${roleCode}`).toBe(403);
      expect(raised.json()).toMatchObject({ success: false, error: 'errors.roleNotAllowed' });
    }
  });
});
