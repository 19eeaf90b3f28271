import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_DEFAULT_PAGE_SIZE, USER_SORT_COLUMNS, endpoints, type RoleCode } from '@portal/contract';
import { linkOf, tokenOf } from '../../../test-support/smtp-sink.js';
import { insertClient, insertExperience } from '../src/db/seed/factories.js';
import { hashPassword } from '../src/services/passwords.js';
import { DEMO_PASSWORD, createTestApp, signIn, type TestApp } from './test-app.js';
import { auditOf, insertTestUser, managementApi, newUserForm, userIdOf, type ManagementApi } from './user-management-helpers.js';
import { answerOf, refusalOf, type InjectedResponse } from './wire.js';

let t: TestApp;
let admin: ManagementApi;
let superUser: ManagementApi;
let demoHash: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = managementApi(t, await signIn(t, 'demo.admin'));
  superUser = managementApi(t, await signIn(t, 'demo.super'));
  demoHash = await hashPassword(DEMO_PASSWORD);
});
afterAll(() => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, ...(cookie && { headers: { cookie } }) });
/** The first message of each field, as a form shows it. */
const issuesOf = (response: InjectedResponse) =>
  Object.fromEntries((refusalOf(response).issues ?? []).reverse().map((issue) => [issue.path, issue.message]));

describe('GET /api/usermanagement/getdatalists', () => {
  it('gives an ADMIN the roles up to its own and only its client with its divisions', async () => {
    const body = answerOf(endpoints.userManagementDataLists, await admin.dataLists());
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
    const body = answerOf(endpoints.userManagementDataLists, await superUser.dataLists());
    expect(body.Roles.map((r) => r.Code)).toEqual(['USER', 'CUSTOMER_SERVICE', 'ADMIN', 'INTERNAL', 'SUPER_USER']);
    expect(body.Clients.map((c) => c.Code)).toEqual(['LAU', 'NBF']);
    expect(body.Experiences).toHaveLength(11);
  });

  it('names roles as the caller’s client names them', async () => {
    const lauAdmin = managementApi(t, await signIn(t, 'lau.admin'));
    const body = answerOf(endpoints.userManagementDataLists, await lauAdmin.dataLists());
    expect(body.Roles[0]).toEqual({ Code: 'USER', NameFr: 'Client', NameEn: 'Customer' });
    expect(body.Experiences.every((e) => e.ClientCode === 'LAU')).toBe(true);
  });
});

describe('POST /api/usermanagement/users', () => {
  it('pages the client’s live users, newest first, 25 by default', async () => {
    const clientId = await insertClient(t.database.db, { code: 'PAGED' });
    await insertExperience(t.database.db, { code: 'PAGED', client_id: clientId, colors: {} });
    const insert = (username: string, role: RoleCode) =>
      insertTestUser(t, { username, role_code: role, clientCode: 'PAGED', password_hash: demoHash });
    const listed = [await insert('paged.admin', 'ADMIN')];
    for (let i = 0; i < USER_DEFAULT_PAGE_SIZE + 5; i++) listed.push(await insert(`paged.${i}`, i % 4 === 0 ? 'CUSTOMER_SERVICE' : 'USER'));
    // The newest of all, but above the administrator's rank or deleted: on no page of its list.
    await insert('paged.internal', 'INTERNAL');
    await insert('paged.super', 'SUPER_USER');
    await t.database.db
      .updateTable('users')
      .set({ deleted_at: new Date() })
      .where('id', '=', await insert('paged.gone', 'USER'))
      .execute();

    const pagedAdmin = managementApi(t, await signIn(t, 'paged.admin'));
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
    const body = (await superUser.list({ search: 'lau.user' })).json();
    expect(body.TotalUsers).toBe(1);
    expect(body.Users[0]).toEqual({
      Id: await userIdOf(t, 'lau.user'),
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
      await insertTestUser(t, {
        username: `zeph.${index}`,
        role_code: 'USER',
        clientCode: 'NBF',
        first_name: 'Quentin',
        last_name: lastName,
      });
    }
    const usernames = async (body: object) => answerOf(endpoints.listManagedUsers, await admin.list(body)).Users.map((u) => u.Username);
    expect(await usernames({ search: 'ZEPHYRIN' })).toEqual(['zeph.1', 'zeph.0']);
    expect(await usernames({ search: 'quentin zephyra' })).toEqual(['zeph.2']);
    expect(await usernames({ search: 'zeph.1@EXAMPLE' })).toEqual(['zeph.1']);
    const id = await userIdOf(t, 'zeph.2');
    expect(await usernames({ search: String(id) })).toContain('zeph.2');
    expect(await usernames({ search: '100%' })).toEqual([]);
    expect(await usernames({ search: 'Quentin', options: { sortBy: 'LastName' } })).toEqual(['zeph.2', 'zeph.1', 'zeph.0']);
    expect(await usernames({ search: 'Quentin', options: { sortBy: 'LastName', sortDesc: true } })).toEqual(['zeph.0', 'zeph.1', 'zeph.2']);
    expect(await usernames({ search: 'Quentin', options: { sortBy: 'Id', sortDesc: false } })).toEqual(['zeph.0', 'zeph.1', 'zeph.2']);
  });

  it('takes a data table’s array options: the first entry sorts, an empty array keeps the default order', async () => {
    const usernames = async (options: object) =>
      answerOf(endpoints.listManagedUsers, await admin.list({ search: 'Quentin', options })).Users.map((u) => u.Username);
    expect(await usernames({ sortBy: ['LastName'], sortDesc: [true] })).toEqual(['zeph.0', 'zeph.1', 'zeph.2']);
    expect(await usernames({ sortBy: ['LastName', 'Id'], sortDesc: [false, true] })).toEqual(['zeph.2', 'zeph.1', 'zeph.0']);
    expect(await usernames({ sortBy: ['LastName'], sortDesc: [] })).toEqual(['zeph.2', 'zeph.1', 'zeph.0']);
    expect(await usernames({ sortBy: [], sortDesc: [], groupBy: [], mustSort: false, multiSort: false })).toEqual([
      'zeph.2',
      'zeph.1',
      'zeph.0',
    ]);
    expect(await usernames({ sortBy: null, sortDesc: null })).toEqual(['zeph.2', 'zeph.1', 'zeph.0']);
    const refused = await admin.list({ options: { sortBy: ['Password'] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0].message).toBe('validation.userSortInvalid');
  });

  it('sorts by every column of the table', async () => {
    for (const sortBy of USER_SORT_COLUMNS) {
      const body = (await superUser.list({ options: { sortBy, itemsPerPage: 200 } })).json();
      expect(body.Users.length, sortBy).toBe(Math.min(200, body.TotalUsers));
    }
    const byClient = answerOf(
      endpoints.listManagedUsers,
      await superUser.list({ options: { sortBy: 'Client_Code', itemsPerPage: 200 } }),
    ).Users;
    const codes = byClient.map((u) => u.Client_Code);
    expect(codes).toEqual([...codes].sort());
    expect((await superUser.list({ options: { sortBy: 'Password' } })).json().issues[0].message).toBe('validation.userSortInvalid');
  });

  it('filters by role, and refuses a page size or a search outside the rules', async () => {
    const staff = answerOf(
      endpoints.listManagedUsers,
      await superUser.list({ roleFilters: ['ADMIN', 'SUPER_USER'], options: { itemsPerPage: 100 } }),
    );
    const live = await t.database.db.selectFrom('users').select(['username', 'role_code']).where('deleted_at', 'is', null).execute();
    const expected = live.filter((u) => u.role_code === 'ADMIN' || u.role_code === 'SUPER_USER').map((u) => u.username);
    expect(new Set(staff.Users.map((u) => u.Username))).toEqual(new Set(expected));
    expect(staff.TotalUsers).toBe(expected.length);
    expect(expected.length).toBeLessThan(live.length);
    // An ADMIN asking for roles above its own gets none of them.
    expect((await admin.list({ roleFilters: ['SUPER_USER'] })).json()).toMatchObject({ Users: [], TotalUsers: 0 });
    expect(issuesOf(await admin.list({ options: { itemsPerPage: 30 } }))).toEqual({ 'options.itemsPerPage': 'validation.pageSizeInvalid' });
    expect(issuesOf(await admin.list({ search: 'x'.repeat(256) }))).toEqual({ search: 'validation.userSearchTooLong' });
    expect((await admin.list({ search: 'x'.repeat(255) })).statusCode).toBe(200);
    expect(issuesOf(await admin.list({ roleFilters: ['BOSS'] }))).toEqual({ 'roleFilters.0': 'validation.roleInvalid' });
  });
});

describe('POST /api/usermanagement/createuser', () => {
  it('creates a user without a password whose welcome link lets it choose one and sign in', async () => {
    const before = t.smtp.messages.length;
    const created = await admin.create(newUserForm('nora.welcome', { email: 'Nora.Welcome@Example.com' }));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      success: true,
      msg: 'The user has been created. An e-mail invites them to choose a password.',
      user: {
        Username: 'nora.welcome',
        Email: 'nora.welcome@example.com',
        Role_Code: 'USER',
        Experience_Code: 'NBW',
        ActiveMFA: true,
        Language: 'en',
      },
    });
    const userId = created.json().user.Id;
    const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ password_hash: null, must_set_password: true, created_by: await userIdOf(t, 'demo.admin') });

    const mail = await t.smtp.waitFor('nora.welcome@example.com', { after: before });
    expect(mail.subject).toBe('Your account is ready');
    expect(mail.text).toContain('with the username nora.welcome');
    expect(mail.text).toContain('The link is valid for 7 days');
    expect(mail.from?.name).toBe('Northbridge Wealth');
    expect(linkOf(mail)).toMatch(/^http:\/\/portal\.test\/\?exp=NBW&lang=en#\/resetPassword\?token=/);
    const token = tokenOf(linkOf(mail));
    const stored = await t.database.db.selectFrom('password_tokens').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(stored.purpose).toBe('welcome');
    expect(stored.expires_at.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    expect((await post('/api/validatetoken', { token })).json()).toEqual({ success: true });
    const chosen = { username: 'nora.welcome', token, password: 'Welcome#Home42', confirmPassword: 'Welcome#Home42' };
    expect((await post('/api/resetpassword', chosen)).statusCode).toBe(200);
    const cookie = await signIn(t, 'nora.welcome', 'Welcome#Home42');
    const status = await t.app.inject({ url: '/login/account-status', headers: { cookie } });
    expect(status.json().accountStatus.MustSetPassword).toBe(false);
  });

  it('writes the welcome e-mail in the new user’s language', async () => {
    const before = t.smtp.messages.length;
    expect(
      (await superUser.create(newUserForm('lea.bienvenue', { clientCode: 'LAU', experienceCode: 'LAE', contactLanguage: 'fr' })))
        .statusCode,
    ).toBe(200);
    const mail = await t.smtp.waitFor('lea.bienvenue@example.com', { after: before });
    expect(mail.subject).toBe('Votre compte est prêt');
    expect(mail.text).toContain('Le lien est valide 7 jours');
  });

  it('keeps an audit entry of the creation, without any secret', async () => {
    const userId = (await admin.create(newUserForm('audit.created', { roleCode: 'CUSTOMER_SERVICE', activeMFA: false }))).json().user.Id;
    const [entry, ...others] = await auditOf(t, userId);
    expect(others).toEqual([]);
    expect(entry).toEqual({
      actor_user_id: await userIdOf(t, 'demo.admin'),
      action: 'createUser',
      before: null,
      after: {
        username: 'audit.created',
        firstName: 'Nora',
        lastName: 'Bergeron',
        email: 'audit.created@example.com',
        roleCode: 'CUSTOMER_SERVICE',
        clientCode: 'NBF',
        experienceCode: 'NBW',
        activeMFA: false,
        contactLanguage: 'en',
      },
    });
  });

  it('answers each field rule of the user form with its key', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: '' }, 'username', 'validation.usernameRequired'],
      [{ username: 'no spaces' }, 'username', 'validation.usernameInvalid'],
      [{ username: 'u'.repeat(51) }, 'username', 'validation.usernameTooLong'],
      [{ firstName: '' }, 'firstName', 'validation.required'],
      [{ lastName: 'Bergeron<script>' }, 'lastName', 'validation.nameInvalid'],
      [{ firstName: 'N'.repeat(256) }, 'firstName', 'validation.nameTooLong'],
      [{ email: '' }, 'email', 'validation.required'],
      [{ email: 'a@b.c' }, 'email', 'validation.emailInvalidLength'],
      [{ email: 'nora.example.com' }, 'email', 'validation.emailInvalidFormat'],
      [{ email: `${'x'.repeat(65)}@example.com` }, 'email', 'validation.emailInvalidFormat'],
      [{ roleCode: '' }, 'roleCode', 'validation.required'],
      [{ roleCode: 'BOSS' }, 'roleCode', 'validation.roleInvalid'],
      [{ clientCode: '' }, 'clientCode', 'validation.required'],
      [{ experienceCode: '  ' }, 'experienceCode', 'validation.required'],
      [{ activeMFA: undefined }, 'activeMFA', 'validation.required'],
      [{ contactLanguage: 'de' }, 'contactLanguage', 'validation.localeInvalid'],
    ];
    for (const [override, path, key] of cases) {
      const response = await admin.create(newUserForm('rule.check', override));
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error).toBe('errors.validation');
      expect(issuesOf(response)[path], JSON.stringify(override)).toBe(key);
    }
  });

  it('refuses a taken username or e-mail, an unknown client and a division of another client', async () => {
    const refusal = async (override: Record<string, unknown>, api = superUser) => {
      const response = await api.create(newUserForm('refused.one', override));
      return { status: response.statusCode, error: response.json().error };
    };
    expect(await refusal({ username: 'DEMO.User' })).toEqual({ status: 400, error: 'errors.usernameTaken' });
    expect(await refusal({ email: 'Demo.User@example.com' })).toEqual({ status: 400, error: 'errors.emailTaken' });
    expect(await refusal({ clientCode: 'ACME' })).toEqual({ status: 400, error: 'errors.clientUnknown' });
    expect(await refusal({ clientCode: 'NBF', experienceCode: 'LAU' })).toEqual({ status: 400, error: 'errors.experienceNotOfClient' });
    expect(await refusal({ experienceCode: 'NOPE' })).toEqual({ status: 400, error: 'errors.experienceNotOfClient' });
    const none = await t.database.db.selectFrom('users').select('id').where('username', '=', 'refused.one').execute();
    expect(none).toEqual([]);
  });
});

describe('POST /api/usermanagement/updateuser', () => {
  it('saves every field of the row and audits before and after', async () => {
    const userId = await insertTestUser(t, { username: 'edit.me', role_code: 'USER', clientCode: 'NBF' });
    const form = { ...newUserForm('edit.me'), contactLanguage: undefined, userId };
    const changed = {
      ...form,
      username: 'edited.me',
      firstName: 'Éloïse',
      lastName: "O'Neil-Côté",
      email: 'EDITED@example.com',
      roleCode: 'CUSTOMER_SERVICE',
      experienceCode: 'NBI',
      activeMFA: false,
    };
    const response = await admin.update(changed);
    expect(response.json()).toMatchObject({
      success: true,
      msg: 'The user has been saved.',
      user: {
        Id: userId,
        Username: 'edited.me',
        FirstName: 'Éloïse',
        LastName: "O'Neil-Côté",
        Email: 'edited@example.com',
        Role_Code: 'CUSTOMER_SERVICE',
        Experience_Code: 'NBI',
        ActiveMFA: false,
      },
    });
    expect((await admin.get(userId)).json().Users[0]).toMatchObject({ Username: 'edited.me', Experience_Code: 'NBI' });
    const [entry] = await auditOf(t, userId);
    expect(entry).toMatchObject({
      action: 'updateUser',
      before: {
        username: 'edit.me',
        firstName: 'Test',
        email: 'edit.me@example.com',
        roleCode: 'USER',
        experienceCode: 'NBF',
        activeMFA: true,
      },
      after: {
        username: 'edited.me',
        firstName: 'Éloïse',
        email: 'edited@example.com',
        roleCode: 'CUSTOMER_SERVICE',
        experienceCode: 'NBI',
        activeMFA: false,
      },
    });
    // Keeping its own username and e-mail is not a conflict; taking another's is.
    expect((await admin.update(changed)).statusCode).toBe(200);
    expect((await admin.update({ ...changed, username: 'demo.service' })).json().error).toBe('errors.usernameTaken');
    expect((await admin.update({ ...changed, email: 'demo.service@example.com' })).json().error).toBe('errors.emailTaken');
    expect(issuesOf(await admin.update({ ...changed, userId: undefined }))).toEqual({ userId: 'validation.required' });
  });

  it('lets a person edit its own names but not its own role or client', async () => {
    const internal = managementApi(t, await signIn(t, 'demo.internal'));
    const selfId = await userIdOf(t, 'demo.internal');
    const self = {
      userId: selfId,
      ...newUserForm('demo.internal', { firstName: 'Morgane', lastName: 'Côté', roleCode: 'INTERNAL', experienceCode: 'NBF' }),
    };
    expect((await internal.update(self)).statusCode).toBe(200);
    const demoted = await internal.update({ ...self, roleCode: 'ADMIN' });
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json().error).toBe('errors.cannotChangeOwnAccess');
    const moved = await internal.update({ ...self, clientCode: 'LAU', experienceCode: 'LAU' });
    expect(moved.json().error).toBe('errors.cannotChangeOwnAccess');
  });
});

describe('POST /api/usermanagement/resetpassword', () => {
  it('e-mails a reset link that works, and ends the user’s sessions at once', async () => {
    const userId = await insertTestUser(t, { username: 'reset.me', role_code: 'USER', clientCode: 'NBF', password_hash: demoHash });
    const session = await signIn(t, 'reset.me');
    const before = t.smtp.messages.length;
    const response = await admin.resetPassword(userId);
    expect(response.json()).toEqual({ success: true, msg: 'An e-mail with a password reset link has been sent to the user.' });
    expect((await t.app.inject({ url: '/login/account-status', headers: { cookie: session } })).statusCode).toBe(401);

    const mail = await t.smtp.waitFor('reset.me@example.com', { after: before });
    expect(mail.subject).toBe('Reset your password');
    const token = tokenOf(linkOf(mail));
    expect(
      (await post('/api/resetpassword', { username: 'reset.me', token, password: 'Fresh#Start42', confirmPassword: 'Fresh#Start42' }))
        .statusCode,
    ).toBe(200);
    await signIn(t, 'reset.me', 'Fresh#Start42');
    const [entry] = await auditOf(t, userId);
    expect(entry).toMatchObject({
      action: 'resetPassword',
      before: null,
      after: { resetLinkSentTo: 'reset.me@example.com', sessionsEnded: true },
    });
    expect(JSON.stringify(entry)).not.toContain(token);
  });
});

describe('POST /api/usermanagement/softdelete', () => {
  it('ends access and sessions at once and keeps the history', async () => {
    const userId = await insertTestUser(t, { username: 'leaving.soon', role_code: 'USER', clientCode: 'NBF', password_hash: demoHash });
    const session = await signIn(t, 'leaving.soon');
    const response = await admin.softDelete(userId);
    expect(response.json()).toEqual({ success: true, msg: 'The user has been deleted.' });
    expect((await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie: session } })).statusCode).toBe(401);

    const refused = await post('/login/processlogin', { UserName: 'leaving.soon', Password: DEMO_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'errors.noLongerAccess', msg: 'This user has no longer access to the application.' });
    const history = await t.database.db.selectFrom('connection_log').select('reason').where('user_id', '=', userId).orderBy('id').execute();
    expect(history.map((row) => row.reason)).toEqual(['password-accepted', 'signed-in', 'deleted']);

    expect((await admin.list({ search: 'leaving.soon' })).json().TotalUsers).toBe(0);
    expect((await admin.get(userId)).statusCode).toBe(404);
    expect((await admin.softDelete(userId)).statusCode).toBe(404);
    const [entry] = await auditOf(t, userId);
    expect(entry).toMatchObject({
      action: 'softDeleteUser',
      before: { username: 'leaving.soon', deletedAt: null },
      after: { username: 'leaving.soon' },
    });
    expect(typeof (entry!.after as { deletedAt: unknown }).deletedAt).toBe('string');

    // The username stays taken for good; the e-mail address is free for someone new.
    expect((await admin.create(newUserForm('leaving.soon'))).json().error).toBe('errors.usernameTaken');
    expect((await admin.create(newUserForm('arriving.now', { email: 'leaving.soon@example.com' }))).statusCode).toBe(200);
  });

  it('refuses to delete oneself', async () => {
    const response = await admin.softDelete(await userIdOf(t, 'demo.admin'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, error: 'errors.cannotDeleteSelf' });
  });
});
