import type { Locale, ManagedUser } from '@portal/contract';
import { pickBilingual } from '../../i18n/pick-bilingual';
import type { DataLists } from './user-management-queries';

type Role = DataLists['Roles'][number];
type Client = DataLists['Clients'][number];
type Division = DataLists['Experiences'][number];

/** Role names vary per client; the server sends the caller's client's names, else the default ones. */
export const roleName = (role: Role, language: Locale) => pickBilingual(language, { en: role.NameEn, fr: role.NameFr });
export const clientName = (client: Client, language: Locale) => pickBilingual(language, { en: client.NameEN, fr: client.NameFR });
export const divisionName = (division: Division, language: Locale) => pickBilingual(language, { en: division.NameEn, fr: division.NameFr });

/** The texts of a row of the table, in the current language. */
export function describeUser(user: ManagedUser, language: Locale) {
  return {
    role: pickBilingual(language, { en: user.Role_NameEn, fr: user.Role_NameFr }),
    client: pickBilingual(language, { en: user.Client_NameEN, fr: user.Client_NameFR }),
    division: pickBilingual(language, { en: user.Experience_NameEn, fr: user.Experience_NameFr }),
  };
}

/** How dialogs and action buttons name a person: "First Last", or the username when both names are blank. */
export function fullNameOf(user: Pick<ManagedUser, 'FirstName' | 'LastName' | 'Username'>): string {
  return `${user.FirstName} ${user.LastName}`.trim() || user.Username;
}
