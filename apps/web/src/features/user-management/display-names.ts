import type { Locale, ManagedUser } from '@portal/contract';
import type { DataLists } from './user-management-queries';

type Role = DataLists['Roles'][number];
type Client = DataLists['Clients'][number];
type Division = DataLists['Experiences'][number];

/** Role names vary per client; the server sends the caller's client's names, else the default ones. */
export const roleName = (role: Role, language: Locale) => (language === 'fr' ? role.NameFr : role.NameEn);
export const clientName = (client: Client, language: Locale) => (language === 'fr' ? client.NameFR : client.NameEN);
export const divisionName = (division: Division, language: Locale) => (language === 'fr' ? division.NameFr : division.NameEn);

/** The texts of a row of the table, in the current language. */
export function describeUser(user: ManagedUser, language: Locale) {
  const isFrench = language === 'fr';
  return {
    role: isFrench ? user.Role_NameFr : user.Role_NameEn,
    client: isFrench ? user.Client_NameFR : user.Client_NameEN,
    division: isFrench ? user.Experience_NameFr : user.Experience_NameEn,
  };
}

/** How dialogs and action buttons name a person: "First Last", or the username when both names are blank. */
export function fullNameOf(user: Pick<ManagedUser, 'FirstName' | 'LastName' | 'Username'>): string {
  return `${user.FirstName} ${user.LastName}`.trim() || user.Username;
}
