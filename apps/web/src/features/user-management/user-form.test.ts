import { describe, expect, it } from 'vitest';
import type { ManagedUser } from '@portal/contract';
import { formValuesOf, newUserValues, organisationFor, toCreateRequest, toUpdateRequest, userFormRules } from './user-form';
import type { DataLists } from './user-management-queries';

function lists(clients: string[], divisions: [string, string][]): DataLists {
  return {
    success: true,
    Roles: [{ Code: 'USER', NameEn: 'User', NameFr: 'Utilisateur' }],
    Clients: clients.map((code) => ({ Code: code, NameEN: code, NameFR: code })),
    Experiences: divisions.map(([code, client]) => ({ Code: code, ClientCode: client, NameEn: code, NameFr: code })),
  };
}

describe('a new user row', () => {
  it('defaults to role USER with MFA, and picks the only client and its only division', () => {
    expect(newUserValues(lists(['LAU'], [['LAU', 'LAU']]))).toMatchObject({
      roleCode: 'USER',
      activeMFA: true,
      clientCode: 'LAU',
      experienceCode: 'LAU',
    });
  });

  it('leaves the client to choose when there are several, and the division when the client has several', () => {
    expect(newUserValues(lists(['NBF', 'LAU'], [['NBF', 'NBF']]))).toMatchObject({ clientCode: '', experienceCode: '' });
    expect(
      newUserValues(
        lists(
          ['NBF'],
          [
            ['NBF', 'NBF'],
            ['NBW', 'NBF'],
          ],
        ),
      ),
    ).toMatchObject({ clientCode: 'NBF', experienceCode: '' });
  });

  it('clears the division when the client changes, unless the new client has only one', () => {
    const data = lists(
      ['NBF', 'LAU'],
      [
        ['NBF', 'NBF'],
        ['NBW', 'NBF'],
        ['LAU', 'LAU'],
      ],
    );
    expect(organisationFor(data, 'NBF')).toEqual({ clientCode: 'NBF', experienceCode: '' });
    expect(organisationFor(data, 'LAU')).toEqual({ clientCode: 'LAU', experienceCode: 'LAU' });
  });
});

describe('the user form rules', () => {
  it('require every field with the spec message, and check names, username and e-mail', () => {
    expect(userFormRules.firstName('  ')).toBe('validation.required');
    expect(userFormRules.roleCode('')).toBe('validation.required');
    expect(userFormRules.clientCode('')).toBe('validation.required');
    expect(userFormRules.experienceCode('')).toBe('validation.required');
    expect(userFormRules.email('')).toBe('validation.required');
    expect(userFormRules.email('not-an-email')).toBe('validation.emailInvalidFormat');
    expect(userFormRules.username('a b')).toBe('validation.usernameInvalid');
    expect(userFormRules.lastName('Côté-Ouellet')).toBeNull();
  });
});

describe('the requests', () => {
  const user: ManagedUser = {
    Id: 42,
    Role_Code: 'USER',
    Role_NameEn: 'User',
    Role_NameFr: 'Utilisateur',
    FirstName: 'Léa',
    LastName: 'Morin',
    Username: 'lea.morin',
    Email: 'lea.morin@example.com',
    Client_Code: 'NBF',
    Client_NameEN: 'Northbridge Financial',
    Client_NameFR: 'Northbridge Financière',
    Experience_Code: 'NBW',
    Experience_NameEn: 'Wealth',
    Experience_NameFr: 'Gestion de patrimoine',
    ActiveMFA: true,
    Language: 'fr',
  };

  it('send the row back trimmed, with the id to update or the language to create', () => {
    const values = { ...formValuesOf(user), lastName: ' Morin-Roy ' };
    expect(toUpdateRequest(42, values)).toEqual({
      userId: 42,
      username: 'lea.morin',
      firstName: 'Léa',
      lastName: 'Morin-Roy',
      email: 'lea.morin@example.com',
      roleCode: 'USER',
      clientCode: 'NBF',
      experienceCode: 'NBW',
      activeMFA: true,
    });
    expect(toCreateRequest(values, 'en')).toMatchObject({ contactLanguage: 'en', lastName: 'Morin-Roy' });
  });
});
