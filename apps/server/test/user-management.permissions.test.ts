import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ROLE_CODES, type Endpoint, type RoleCode } from '@portal/contract';
import { getMenusForRole, getRoleRank } from '../src/services/permissions.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import {
  insertTestUser,
  managementApi,
  MANAGERS,
  newUserForm,
  RANK,
  SIGN_IN_AS,
  userIdOf,
  type ManagementApi,
} from './user-management-helpers.js';
import { answerOf } from './wire.js';

/** The matrix of README "Who may do what", written out independently of the code it checks. */
const REACHES_EVERY_CLIENT: Record<Exclude<RoleCode, 'USER'>, boolean> = {
  CUSTOMER_SERVICE: false,
  ADMIN: false,
  INTERNAL: false,
  SUPER_USER: true,
};
const CLIENTS = ['NBF', 'LAU'] as const;

interface Target {
  id: number;
  username: string;
  role: RoleCode;
  clientCode: (typeof CLIENTS)[number];
}

let t: TestApp;
const apis = {} as Record<RoleCode, ManagementApi>;
const targets: Target[] = [];

/** One user of each role in each client, named after both. */
async function insertTargets(prefix: string): Promise<Target[]> {
  const made: Target[] = [];
  for (const clientCode of CLIENTS) {
    for (const role of ROLE_CODES) {
      const username = `${prefix}.${role.toLowerCase()}.${clientCode.toLowerCase()}`;
      made.push({ id: await insertTestUser(t, { username, role_code: role, clientCode }), username, role, clientCode });
    }
  }
  return made;
}

const isVisibleTo = (actor: (typeof MANAGERS)[number], target: Target) =>
  RANK[target.role] <= RANK[actor] && (REACHES_EVERY_CLIENT[actor] || target.clientCode === 'NBF');

/** The form that leaves a target as it is but for its first name. */
const formOf = (target: Target) => ({
  userId: target.id,
  ...newUserForm(target.username, {
    roleCode: target.role,
    clientCode: target.clientCode,
    experienceCode: target.clientCode,
    firstName: 'Renamed',
  }),
});

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLE_CODES) apis[role] = managementApi(t, await signIn(t, SIGN_IN_AS[role]));
  targets.push(...(await insertTargets('pm')));
});
afterAll(() => t.close());

describe('the matrix itself', () => {
  it('ranks roles as the roles table does, and gives the menus of the README', async () => {
    const rows = await t.database.db.selectFrom('roles').select(['code', 'rank']).execute();
    expect(Object.fromEntries(rows.map((row) => [row.code, row.rank]))).toEqual(RANK);
    for (const role of ROLE_CODES) expect(getRoleRank(role)).toBe(RANK[role]);
    expect(getMenusForRole('USER')).toEqual([]);
    expect(getMenusForRole('CUSTOMER_SERVICE')).toEqual(['userManagement']);
    expect(getMenusForRole('ADMIN')).toEqual(['userManagement']);
    expect(getMenusForRole('INTERNAL')).toEqual(['userManagement', 'reports', 'apiKeys', 'tenantConsole']);
    expect(getMenusForRole('SUPER_USER')).toEqual(['userManagement', 'reports', 'apiKeys', 'tenantConsole']);
  });
});

describe('a USER', () => {
  it('is refused every user-management call with 403 errors.forbidden', async () => {
    const api = apis.USER;
    const target = targets[0]!;
    const responses = [
      await api.dataLists(),
      await api.list(),
      await api.get(target.id),
      await api.create(newUserForm('never.made')),
      await api.update(formOf(target)),
      await api.resetPassword(target.id),
      await api.softDelete(target.id),
      await api.saveReportAccess(target.id, []),
      await api.previewReportAccess(target.id, []),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, error: 'errors.forbidden', msg: 'You are not allowed to do this.' });
    }
  });
});

describe('calls behind a menu', () => {
  const behindMenu = (Object.values(endpoints) as Endpoint[]).filter((endpoint) => endpoint.menu !== undefined);
  /** Bodies no schema accepts: the answer must not depend on them. */
  const malformed = ['{"options": {"sortBy": 42}, "roleFilters": "x"', '[1, 2, 3]', '"just text"', '{"userId": "NaN", "extra": {}}'];
  const urlOf = (path: string) => path.replace(/:\w+/g, 'not-a-number');

  it('are every user-management, usage-spreadsheet, API-key and tenant-console call', () => {
    const outsideConsole = behindMenu.filter((endpoint) => endpoint.menu !== 'tenantConsole');
    expect(outsideConsole.map((endpoint) => endpoint.menu).sort()).toEqual([
      ...Array(11).fill('apiKeys'),
      ...Array(3).fill('reports'),
      ...Array(26).fill('userManagement'),
    ]);
    const console = (Object.values(endpoints) as Endpoint[]).filter((endpoint) => endpoint.path.startsWith('/api/console/'));
    expect(behindMenu.filter((endpoint) => endpoint.menu === 'tenantConsole')).toEqual(console);
  });

  it('refuse a caller without the menu with 403 whatever the body, before reading it', async () => {
    const roles: RoleCode[] = ['USER', 'CUSTOMER_SERVICE', 'ADMIN'];
    for (const role of roles) {
      const cookie = await signIn(t, SIGN_IN_AS[role]);
      for (const endpoint of behindMenu.filter((e) => !getMenusForRole(role).includes(e.menu!))) {
        for (const payload of endpoint.method === 'POST' ? malformed : [undefined]) {
          const response = await t.app.inject({
            method: endpoint.method,
            url: `${urlOf(endpoint.path)}?page=zzz`,
            headers: { cookie, 'content-type': 'application/json' },
            payload,
          });
          const label = `${role} ${endpoint.path} ${payload}`;
          expect(response.statusCode, label).toBe(403);
          expect(response.json(), label).toEqual({ success: false, error: 'errors.forbidden', msg: 'You are not allowed to do this.' });
        }
      }
    }
  });

  it('answer 401 to nobody signed in, whatever the body', async () => {
    for (const endpoint of behindMenu) {
      const response = await t.app.inject({
        method: endpoint.method,
        url: urlOf(endpoint.path),
        headers: { 'content-type': 'application/json' },
        ...(endpoint.method === 'POST' && { payload: malformed[0] }),
      });
      expect(response.statusCode, endpoint.path).toBe(401);
    }
  });

  it('still validate the body of a caller who holds the menu', async () => {
    const response = await apis.SUPER_USER.list({ options: { sortBy: 42 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('errors.validation');
  });
});

describe.each(MANAGERS)('signed in as %s', (actor) => {
  it('lists exactly the users of its reach and rank', async () => {
    const body = answerOf(endpoints.listManagedUsers, await apis[actor].list({ search: 'pm.', options: { itemsPerPage: 100 } }));
    const expected = targets.filter((target) => isVisibleTo(actor, target)).map((target) => target.username);
    expect(body.Users.map((u) => u.Username).sort()).toEqual(expected.sort());
    expect(body.TotalUsers).toBe(expected.length);
  });

  it('reads, changes and resets the users it sees, and no other', async () => {
    for (const target of targets) {
      const visible = isVisibleTo(actor, target);
      const label = `${actor} → ${target.username}`;
      const expectStatus = async (response: Promise<{ statusCode: number; json(): { error?: string } }>, allowed = 200) => {
        const answer = await response;
        expect(answer.statusCode, label).toBe(visible ? allowed : 404);
        if (!visible) expect(answer.json().error, label).toBe('errors.userNotFound');
      };
      await expectStatus(apis[actor].get(target.id));
      await expectStatus(apis[actor].update(formOf(target)));
      await expectStatus(apis[actor].resetPassword(target.id));
      await expectStatus(apis[actor].saveReportAccess(target.id, []), target.role === 'USER' ? 200 : 400);
      await expectStatus(apis[actor].previewReportAccess(target.id, []), target.role === 'USER' ? 200 : 400);
    }
  });

  it('soft-deletes the users it sees, and no other', async () => {
    for (const target of await insertTargets(`del.${actor.toLowerCase()}`)) {
      const response = await apis[actor].softDelete(target.id);
      expect(response.statusCode, `${actor} → ${target.username}`).toBe(isVisibleTo(actor, target) ? 200 : 404);
    }
  });

  it('creates users of the roles up to its own, in the clients of its reach', async () => {
    for (const role of ROLE_CODES) {
      for (const clientCode of CLIENTS) {
        const username = `new.${actor.toLowerCase()}.${role.toLowerCase()}.${clientCode.toLowerCase()}`;
        const response = await apis[actor].create(newUserForm(username, { roleCode: role, clientCode, experienceCode: clientCode }));
        const label = `${actor} creates ${role} in ${clientCode}`;
        if (RANK[role] > RANK[actor]) {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().error, label).toBe('errors.roleNotAllowed');
        } else if (clientCode === 'LAU' && !REACHES_EVERY_CLIENT[actor]) {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().error, label).toBe('errors.forbidden');
        } else {
          expect(response.statusCode, label).toBe(200);
        }
      }
    }
  });

  it('offers in its data lists only the roles it may give and the clients of its reach', async () => {
    const body = answerOf(endpoints.userManagementDataLists, await apis[actor].dataLists());
    expect(body.Roles.map((r) => r.Code)).toEqual(ROLE_CODES.filter((role) => RANK[role] <= RANK[actor]).sort((a, b) => RANK[a] - RANK[b]));
    expect(body.Clients.map((c) => c.Code)).toEqual(REACHES_EVERY_CLIENT[actor] ? ['LAU', 'NBF'] : ['NBF']);
  });
});

describe('rank and self rules', () => {
  it('refuses to raise a user above the role of the person changing it', async () => {
    const target = targets.find((candidate) => candidate.role === 'USER' && candidate.clientCode === 'NBF')!;
    const raised = await apis.ADMIN.update({ ...formOf(target), roleCode: 'INTERNAL' });
    expect(raised.statusCode).toBe(403);
    expect(raised.json()).toMatchObject({ error: 'errors.roleNotAllowed', msg: 'You cannot give a role above your own.' });
    expect((await apis.ADMIN.update({ ...formOf(target), roleCode: 'ADMIN' })).statusCode).toBe(200);
  });

  it('moves a user to another client only for a role that reaches every client', async () => {
    const target = targets.find((candidate) => candidate.role === 'CUSTOMER_SERVICE' && candidate.clientCode === 'NBF')!;
    const moved = { ...formOf(target), clientCode: 'LAU', experienceCode: 'LAE' };
    expect((await apis.ADMIN.update(moved)).json().error).toBe('errors.forbidden');
    expect((await apis.INTERNAL.update(moved)).json().error).toBe('errors.forbidden');
    expect((await apis.SUPER_USER.update(moved)).json().user).toMatchObject({ Client_Code: 'LAU', Experience_Code: 'LAE' });
    // Now of another client, the user is out of the sight of its former client's staff altogether.
    expect((await apis.ADMIN.get(target.id)).statusCode).toBe(404);
    expect((await apis.INTERNAL.get(target.id)).statusCode).toBe(404);
  });

  it('answers another client’s user, a deleted user and a nonexistent id exactly alike', async () => {
    const other = targets.find((candidate) => candidate.role === 'USER' && candidate.clientCode === 'LAU')!;
    const deleted = await insertTestUser(t, { username: 'gone.already', role_code: 'USER', clientCode: 'NBF' });
    expect((await apis.ADMIN.softDelete(deleted)).statusCode).toBe(200);
    const answers = await Promise.all(
      [other.id, deleted, 987_654].map(async (id) => {
        const response = await apis.ADMIN.get(id);
        return { status: response.statusCode, body: response.json() };
      }),
    );
    expect(answers[0]).toEqual({ status: 404, body: { success: false, error: 'errors.userNotFound', msg: 'This user does not exist.' } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('never lets anyone delete or re-role themselves, whatever their rank', async () => {
    for (const actor of MANAGERS) {
      const selfId = await userIdOf(t, SIGN_IN_AS[actor]);
      expect((await apis[actor].softDelete(selfId)).json().error).toBe('errors.cannotDeleteSelf');
      const self = { userId: selfId, ...newUserForm(SIGN_IN_AS[actor], { roleCode: 'USER', experienceCode: 'NBF' }) };
      expect((await apis[actor].update(self)).json().error).toBe('errors.cannotChangeOwnAccess');
    }
  });
});
