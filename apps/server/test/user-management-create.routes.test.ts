import { describe, expect, it } from 'vitest';
import { linkOf, tokenOf } from '../../../test-support/smtp-sink.js';
import { useFixture } from './fixture-hooks.js';
import { signIn } from './test-app.js';
import { auditOf, issuesOf, newUserForm, openUserManagementFixture, userIdOf } from './user-management-helpers.js';

const management = useFixture(openUserManagementFixture);

describe('POST /api/usermanagement/createuser', () => {
  it('creates a user without a password whose welcome link lets it choose one and sign in', async () => {
    const before = management.t.smtp.messages.length;
    const created = await management.admin.create(newUserForm('nora.welcome', { email: 'Nora.Welcome@Example.com' }));
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
    const row = await management.t.database.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ password_hash: null, must_set_password: true, created_by: await userIdOf(management.t, 'demo.admin') });

    const mail = await management.t.smtp.waitFor('nora.welcome@example.com', { after: before });
    expect(mail.subject).toBe('Your account is ready');
    expect(mail.text).toContain('with the username nora.welcome');
    expect(mail.text).toContain('The link is valid for 7 days');
    expect(mail.from?.name).toBe('Northbridge Wealth');
    expect(linkOf(mail)).toMatch(/^http:\/\/portal\.test\/\?exp=NBW&lang=en#\/resetPassword\?token=/);
    const token = tokenOf(linkOf(mail));
    const stored = await management.t.database.db
      .selectFrom('password_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(stored.purpose).toBe('welcome');
    expect(stored.expires_at.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    expect((await management.post('/api/validatetoken', { token })).json()).toEqual({ success: true });
    const chosen = { username: 'nora.welcome', token, password: 'Welcome#Home42', confirmPassword: 'Welcome#Home42' };
    expect((await management.post('/api/resetpassword', chosen)).statusCode).toBe(200);
    const cookie = await signIn(management.t, 'nora.welcome', 'Welcome#Home42');
    const status = await management.t.app.inject({ url: '/login/account-status', headers: { cookie } });
    expect(status.json().accountStatus.MustSetPassword).toBe(false);
  });

  it('writes the welcome e-mail in the new user’s language', async () => {
    const before = management.t.smtp.messages.length;
    expect(
      (await management.superUser.create(newUserForm('lea.bienvenue', { clientCode: 'LAU', experienceCode: 'LAE', contactLanguage: 'fr' })))
        .statusCode,
    ).toBe(200);
    const mail = await management.t.smtp.waitFor('lea.bienvenue@example.com', { after: before });
    expect(mail.subject).toBe('Votre compte est prêt');
    expect(mail.text).toContain('Le lien est valide 7 jours');
  });

  it('keeps an audit entry of the creation, without any secret', async () => {
    const userId = (await management.admin.create(newUserForm('audit.created', { roleCode: 'CUSTOMER_SERVICE', activeMFA: false }))).json()
      .user.Id;
    const [entry, ...others] = await auditOf(management.t, userId);
    expect(others).toEqual([]);
    expect(entry).toEqual({
      actor_user_id: await userIdOf(management.t, 'demo.admin'),
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
      const response = await management.admin.create(newUserForm('rule.check', override));
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error).toBe('errors.validation');
      expect(issuesOf(response)[path], JSON.stringify(override)).toBe(key);
    }
  });

  it('refuses a taken username or e-mail, an unknown client and a division of another client', async () => {
    const refusal = async (override: Record<string, unknown>, api = management.superUser) => {
      const response = await api.create(newUserForm('refused.one', override));
      return { status: response.statusCode, error: response.json().error };
    };
    expect(await refusal({ username: 'DEMO.User' })).toEqual({ status: 400, error: 'errors.usernameTaken' });
    expect(await refusal({ email: 'Demo.User@example.com' })).toEqual({ status: 400, error: 'errors.emailTaken' });
    expect(await refusal({ clientCode: 'ACME' })).toEqual({ status: 400, error: 'errors.clientUnknown' });
    expect(await refusal({ clientCode: 'NBF', experienceCode: 'LAU' })).toEqual({ status: 400, error: 'errors.experienceNotOfClient' });
    expect(await refusal({ experienceCode: 'NOPE' })).toEqual({ status: 400, error: 'errors.experienceNotOfClient' });
    const none = await management.t.database.db.selectFrom('users').select('id').where('username', '=', 'refused.one').execute();
    expect(none).toEqual([]);
  });
});
