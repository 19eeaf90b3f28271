import { describe, expect, it } from 'vitest';
import { linkOf, tokenOf } from '../../../test-support/smtp-sink.js';
import { useFixture } from './fixture-hooks.js';
import { DEMO_PASSWORD, signIn } from './test-app.js';
import {
  auditOf,
  insertTestUser,
  issuesOf,
  managementApi,
  newUserForm,
  openUserManagementFixture,
  userIdOf,
} from './user-management-helpers.js';

const management = useFixture(openUserManagementFixture);

describe('POST /api/usermanagement/updateuser', () => {
  it('saves every field of the row and audits before and after', async () => {
    const userId = await insertTestUser(management.t, { username: 'edit.me', role_code: 'USER', clientCode: 'NBF' });
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
    const response = await management.admin.update(changed);
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
    expect((await management.admin.get(userId)).json().Users[0]).toMatchObject({ Username: 'edited.me', Experience_Code: 'NBI' });
    const [entry] = await auditOf(management.t, userId);
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
    expect((await management.admin.update(changed)).statusCode).toBe(200);
    expect((await management.admin.update({ ...changed, username: 'demo.service' })).json().error).toBe('errors.usernameTaken');
    expect((await management.admin.update({ ...changed, email: 'demo.service@example.com' })).json().error).toBe('errors.emailTaken');
    expect(issuesOf(await management.admin.update({ ...changed, userId: undefined }))).toEqual({ userId: 'validation.required' });
  });

  it('lets a person edit its own names but not its own role or client', async () => {
    const internal = managementApi(management.t, await signIn(management.t, 'demo.internal'));
    const selfId = await userIdOf(management.t, 'demo.internal');
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
    const userId = await insertTestUser(management.t, {
      username: 'reset.me',
      role_code: 'USER',
      clientCode: 'NBF',
      password_hash: management.demoHash,
    });
    const session = await signIn(management.t, 'reset.me');
    const before = management.t.smtp.messages.length;
    const response = await management.admin.resetPassword(userId);
    expect(response.json()).toEqual({ success: true, msg: 'An e-mail with a password reset link has been sent to the user.' });
    expect((await management.t.app.inject({ url: '/login/account-status', headers: { cookie: session } })).statusCode).toBe(401);

    const mail = await management.t.smtp.waitFor('reset.me@example.com', { after: before });
    expect(mail.subject).toBe('Reset your password');
    const token = tokenOf(linkOf(mail));
    expect(
      (
        await management.post('/api/resetpassword', {
          username: 'reset.me',
          token,
          password: 'Fresh#Start42',
          confirmPassword: 'Fresh#Start42',
        })
      ).statusCode,
    ).toBe(200);
    await signIn(management.t, 'reset.me', 'Fresh#Start42');
    const [entry] = await auditOf(management.t, userId);
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
    const userId = await insertTestUser(management.t, {
      username: 'leaving.soon',
      role_code: 'USER',
      clientCode: 'NBF',
      password_hash: management.demoHash,
    });
    const session = await signIn(management.t, 'leaving.soon');
    const response = await management.admin.softDelete(userId);
    expect(response.json()).toEqual({ success: true, msg: 'The user has been deleted.' });
    expect((await management.t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie: session } })).statusCode).toBe(401);

    const refused = await management.post('/login/processlogin', { UserName: 'leaving.soon', Password: DEMO_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'errors.noLongerAccess', msg: 'This user has no longer access to the application.' });
    const history = await management.t.database.db
      .selectFrom('connection_log')
      .select('reason')
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(history.map((row) => row.reason)).toEqual(['password-accepted', 'signed-in', 'deleted']);

    expect((await management.admin.list({ search: 'leaving.soon' })).json().TotalUsers).toBe(0);
    expect((await management.admin.get(userId)).statusCode).toBe(404);
    expect((await management.admin.softDelete(userId)).statusCode).toBe(404);
    const [entry] = await auditOf(management.t, userId);
    expect(entry).toMatchObject({
      action: 'softDeleteUser',
      before: { username: 'leaving.soon', deletedAt: null },
      after: { username: 'leaving.soon' },
    });
    expect(typeof (entry!.after as { deletedAt: unknown }).deletedAt).toBe('string');

    // The username stays taken for good; the e-mail address is free for someone new.
    expect((await management.admin.create(newUserForm('leaving.soon'))).json().error).toBe('errors.usernameTaken');
    expect((await management.admin.create(newUserForm('arriving.now', { email: 'leaving.soon@example.com' }))).statusCode).toBe(200);
  });

  it('refuses to delete oneself', async () => {
    const response = await management.admin.softDelete(await userIdOf(management.t, 'demo.admin'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, error: 'errors.cannotDeleteSelf' });
  });
});
