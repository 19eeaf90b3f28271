import type { Locale, UsageReportType } from '@portal/contract';

/** The words of the usage spreadsheets, in both languages: a spreadsheet speaks its requester's language. */
type Bilingual = Record<Locale, string>;

export const USAGE_REPORT_TITLES: Record<UsageReportType, Bilingual> = {
  connection: { en: 'Connections', fr: 'Connexions' },
  users: { en: 'Users', fr: 'Utilisateurs' },
  newUsers: { en: 'New users', fr: 'Nouveaux utilisateurs' },
};

export const USAGE_REPORT_HEADERS = {
  dateTime: { en: 'Date and time', fr: 'Date et heure' },
  result: { en: 'Result', fr: 'Résultat' },
  id: { en: 'Id', fr: 'Id' },
  username: { en: 'Username', fr: "Nom d'utilisateur" },
  firstName: { en: 'First name', fr: 'Prénom' },
  lastName: { en: 'Last name', fr: 'Nom' },
  email: { en: 'E-mail', fr: 'Courriel' },
  role: { en: 'Role', fr: 'Rôle' },
  client: { en: 'Client', fr: 'Client' },
  division: { en: 'Division', fr: 'Division' },
  language: { en: 'Language', fr: 'Langue' },
  device: { en: 'Device', fr: 'Appareil' },
  ip: { en: 'IP address', fr: 'Adresse IP' },
  createdAt: { en: 'Created', fr: 'Créé le' },
  lastSignIn: { en: 'Last sign-in', fr: 'Dernière connexion' },
  status: { en: 'Status', fr: 'Statut' },
  deletedAt: { en: 'Deleted', fr: 'Supprimé le' },
} satisfies Record<string, Bilingual>;

/** How each connection-log reason reads; reasons not listed read as a plain success or failure. */
const RESULTS: Record<string, Bilingual> = {
  'signed-in': { en: 'Signed in', fr: 'Connecté' },
  'wrong-password': { en: 'Wrong password', fr: 'Mot de passe erroné' },
  'wrong-code': { en: 'Wrong code', fr: 'Code erroné' },
  'locked-out': { en: 'Locked out', fr: 'Compte verrouillé' },
  deleted: { en: 'No longer has access', fr: "N'a plus accès" },
};
const SUCCEEDED: Bilingual = { en: 'Succeeded', fr: 'Réussi' };
const FAILED: Bilingual = { en: 'Failed', fr: 'Échec' };

export function describeResult(reason: string, succeeded: boolean, language: Locale): string {
  return (RESULTS[reason] ?? (succeeded ? SUCCEEDED : FAILED))[language];
}

export const USER_STATUSES = {
  active: { en: 'Active', fr: 'Actif' },
  deleted: { en: 'Deleted', fr: 'Supprimé' },
} satisfies Record<string, Bilingual>;

export const LANGUAGE_NAMES: Record<string, Bilingual> = {
  en: { en: 'English', fr: 'Anglais' },
  fr: { en: 'French', fr: 'Français' },
};

/** "UTC-05:00" for a getTimezoneOffset() of 300: the zone every time of the spreadsheet is shown in. */
export function describeTimeZone(timeZoneOffset: number): string {
  const east = -timeZoneOffset;
  const minutes = Math.abs(east);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `UTC${east < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
