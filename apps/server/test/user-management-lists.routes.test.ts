import { describe, expect, it } from 'vitest';
import { USER_DEFAULT_PAGE_SIZE, USER_SORT_COLUMNS, endpoints, type RoleCode } from '@portal/contract';
import { insertClient, insertExperience } from '../src/db/seed/factories.js';
import { useFixture } from './fixture-hooks.js';
import { signIn } from './test-app.js';
import { insertTestUser, issuesOf, managementApi, openUserManagementFixture, userIdOf } from './user-management-helpers.js';
import { answerOf } from './wire.js';

const management = useFixture(openUserManagementFixture);

describe('GET /api/usermanagement/getdatalists', () => {
  it('gives an ADMIN the roles up to its own and only its client with its divisions', async () => {
    const body = answerOf(endpoints.userManagementDataLists, await management.admin.dataLists());
    expect(body.success).toBe(true);
    expect(body.Roles).toEqual([
      { Code: 'USER', NameFr: 'Utilisateur', NameEn: 'User' },
      { Code: 'CUSTOMER_SERVICE', NameFr: 'Service à la clientèle', NameEn: 'Customer service' },
      { Code: 'ADMIN', NameFr: 'Administrateur', NameEn: 'Administrator' },
    ]);
    expect(body.Clients).toEqual([{ Code: 'NBF', NameFR: 'Financière Northbridge', NameEN: 'Northbridge Financial' }]);
    expect(body.Experiences.map((e) => e.Code)).toEqual(['NBF', 'NBW', 'NBI', 'NBB', 'NBP', 'NBD']);
    expect(body.Experiences[1]).toMatchObject({ Code: 'NBW', ClientCode: 'NBF' });
  });

  it('gives a SUPER_USER every role and every client', async () => {
    const body = answerOf(endpoints.userManagementDataLists, await management.superUser.dataLists());
    expect(body.Roles.map((r) => r.Code)).toEqual(['USER', 'CUSTOMER_SERVICE', 'ADMIN', 'INTERNAL', 'SUPER_USER']);
    expect(body.Clients.map((c) => c.Code)).toEqual(['LAU', 'NBF']);
    expect(body.Experiences).toHaveLength(11);
  });

  it('names roles as the caller’s client names them', async () => {
    const lauAdmin = managementApi(management.t, await signIn(management.t, 'lau.admin'));
    const body = answerOf(endpoints.userManagementDataLists, await lauAdmin.dataLists());
    expect(body.Roles[0]).toEqual({ Code: 'USER', NameFr: 'Client', NameEn: 'Customer' });
    expect(body.Experiences.every((e) => e.ClientCode === 'LAU')).toBe(true);
  });
});

describe('POST /api/usermanagement/users', () => {
  it('pages the client’s live users, newest first, 25 by default', async () => {
    const clientId = await insertClient(management.t.database.db, { code: 'PAGED' });
    await insertExperience(management.t.database.db, { code: 'PAGED', client_id: clientId, colors: {} });
    const insert = (username: string, role: RoleCode) =>
      insertTestUser(management.t, { username, role_code: role, clientCode: 'PAGED', password_hash: management.demoHash });
    const listed = [await insert('paged.admin', 'ADMIN')];
    for (let i = 0; i < USER_DEFAULT_PAGE_SIZE + 5; i++) listed.push(await insert(`paged.${i}`, i % 4 === 0 ? 'CUSTOMER_SERVICE' : 'USER'));
    // The newest of all, but above the administrator's rank or deleted: on no page of its list.
    await insert('paged.internal', 'INTERNAL');
    await insert('paged.super', 'SUPER_USER');
    await management.t.database.db
      .updateTable('users')
      .set({ deleted_at: new Date() })
      .where('id', '=', await insert('paged.gone', 'USER'))
      .execute();

    const pagedAdmin = managementApi(management.t, await signIn(management.t, 'paged.admin'));
    const newestFirst = [...listed].reverse();
    const first = answerOf(endpoints.listManagedUsers, await pagedAdmin.list());
    expect(first.TotalUsers).toBe(listed.length);
    expect(first.Users.map((u) => u.Id)).toEqual(newestFirst.slice(0, USER_DEFAULT_PAGE_SIZE));
    expect(first.Users.every((u) => u.Client_Code === 'PAGED')).toBe(true);
    const second = answerOf(endpoints.listManagedUsers, await pagedAdmin.list({ options: { page: 2, itemsPerPage: 10 } }));
    expect(second.Users.map((u) => u.Id)).toEqual(newestFirst.slice(10, 20));
    expect(second.TotalUsers).toBe(first.TotalUsers);
  });

  it('presents each row with the names of its role, client and division', async () => {
    const body = (await management.superUser.list({ search: 'lau.user' })).json();
    expect(body.TotalUsers).toBe(1);
    expect(body.Users[0]).toEqual({
      Id: await userIdOf(management.t, 'lau.user'),
      Role_Code: 'USER',
      Role_NameFr: 'Client',
      Role_NameEn: 'Customer',
      FirstName: 'Émilie',
      LastName: 'Bouchard',
      Username: 'lau.user',
      Email: 'lau.user@example.com',
      Client_Code: 'LAU',
      Client_NameFR: 'Services publics Laurentiens',
      Client_NameEN: 'Laurentian Utilities',
      Experience_Code: 'LAU',
      Experience_NameFr: expect.any(String),
      Experience_NameEn: expect.any(String),
      ActiveMFA: true,
      Language: 'fr',
    });
  });

  it('searches the id, names, username and e-mail, every word, ignoring case', async () => {
    for (const [index, lastName] of ['Zephyrine', 'Zephyrin', 'Zephyra'].entries()) {
      await insertTestUser(management.t, {
        username: `zeph.${index}`,
        role_code: 'USER',
        clientCode: 'NBF',
        first_name: 'Quentin',
        last_name: lastName,
      });
    }
    const usernames = async (body: object) =>
      answerOf(endpoints.listManagedUsers, await management.admin.list(body)).Users.map((u) => u.Username);
    expect(await usernames({ search: 'ZEPHYRIN' })).toEqual(['zeph.1', 'zeph.0']);
    expect(await usernames({ search: 'quentin zephyra' })).toEqual(['zeph.2']);
    expect(await usernames({ search: 'zeph.1@EXAMPLE' })).toEqual(['zeph.1']);
    const id = await userIdOf(management.t, 'zeph.2');
    expect(await usernames({ search: String(id) })).toContain('zeph.2');
    expect(await usernames({ search: '100%' })).toEqual([]);
    expect(await usernames({ search: 'Quentin', options: { sortBy: 'LastName' } })).toEqual(['zeph.2', 'zeph.1', 'zeph.0']);
    expect(await usernames({ search: 'Quentin', options: { sortBy: 'LastName', sortDesc: true } })).toEqual(['zeph.0', 'zeph.1', 'zeph.2']);
    expect(await usernames({ search: 'Quentin', options: { sortBy: 'Id', sortDesc: false } })).toEqual(['zeph.0', 'zeph.1', 'zeph.2']);
  });

  it('takes a data table’s array options: the first entry sorts, an empty array keeps the default order', async () => {
    const usernames = async (options: object) =>
      answerOf(endpoints.listManagedUsers, await management.admin.list({ search: 'Quentin', options })).Users.map((u) => u.Username);
    expect(await usernames({ sortBy: ['LastName'], sortDesc: [true] })).toEqual(['zeph.0', 'zeph.1', 'zeph.2']);
    expect(await usernames({ sortBy: ['LastName', 'Id'], sortDesc: [false, true] })).toEqual(['zeph.2', 'zeph.1', 'zeph.0']);
    expect(await usernames({ sortBy: ['LastName'], sortDesc: [] })).toEqual(['zeph.2', 'zeph.1', 'zeph.0']);
    expect(await usernames({ sortBy: [], sortDesc: [], groupBy: [], mustSort: false, multiSort: false })).toEqual([
      'zeph.2',
      'zeph.1',
      'zeph.0',
    ]);
    expect(await usernames({ sortBy: null, sortDesc: null })).toEqual(['zeph.2', 'zeph.1', 'zeph.0']);
    const refused = await management.admin.list({ options: { sortBy: ['Password'] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0].message).toBe('validation.userSortInvalid');
  });

  it('sorts by every column of the table', async () => {
    for (const sortBy of USER_SORT_COLUMNS) {
      const body = (await management.superUser.list({ options: { sortBy, itemsPerPage: 200 } })).json();
      expect(body.Users.length, sortBy).toBe(Math.min(200, body.TotalUsers));
    }
    const byClient = answerOf(
      endpoints.listManagedUsers,
      await management.superUser.list({ options: { sortBy: 'Client_Code', itemsPerPage: 200 } }),
    ).Users;
    const codes = byClient.map((u) => u.Client_Code);
    expect(codes).toEqual([...codes].sort());
    expect((await management.superUser.list({ options: { sortBy: 'Password' } })).json().issues[0].message).toBe(
      'validation.userSortInvalid',
    );
  });

  it('filters by role, and refuses a page size or a search outside the rules', async () => {
    const staff = answerOf(
      endpoints.listManagedUsers,
      await management.superUser.list({ roleFilters: ['ADMIN', 'SUPER_USER'], options: { itemsPerPage: 100 } }),
    );
    const live = await management.t.database.db
      .selectFrom('users')
      .select(['username', 'role_code'])
      .where('deleted_at', 'is', null)
      .execute();
    const expected = live.filter((u) => u.role_code === 'ADMIN' || u.role_code === 'SUPER_USER').map((u) => u.username);
    expect(new Set(staff.Users.map((u) => u.Username))).toEqual(new Set(expected));
    expect(staff.TotalUsers).toBe(expected.length);
    expect(expected.length).toBeLessThan(live.length);
    // An ADMIN asking for roles above its own gets none of them.
    expect((await management.admin.list({ roleFilters: ['SUPER_USER'] })).json()).toMatchObject({ Users: [], TotalUsers: 0 });
    expect(issuesOf(await management.admin.list({ options: { itemsPerPage: 30 } }))).toEqual({
      'options.itemsPerPage': 'validation.pageSizeInvalid',
    });
    expect(issuesOf(await management.admin.list({ search: 'x'.repeat(256) }))).toEqual({ search: 'validation.userSearchTooLong' });
    expect((await management.admin.list({ search: 'x'.repeat(255) })).statusCode).toBe(200);
    expect(issuesOf(await management.admin.list({ roleFilters: ['BOSS'] }))).toEqual({ 'roleFilters.0': 'validation.roleInvalid' });
  });
});
