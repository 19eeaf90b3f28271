import type { Locale, ManagedUser, ReportAccess, RoleCode } from '@portal/contract';
import type { ManagedUserRow } from '../db/repositories/managed-users.repository.js';
import { serverText } from '../i18n/server-texts.js';
import type { ManagedUserDetail, ManagedUserPage } from '../services/user-management.service.js';
import { presentReportAccess } from './report-access.presenter.js';

/** A row of the user-management table in the specification's wire names. */
export function presentManagedUser(row: ManagedUserRow): ManagedUser {
  return {
    Id: row.id,
    Role_Code: row.role_code as RoleCode,
    Role_NameFr: row.role_name_fr,
    Role_NameEn: row.role_name_en,
    FirstName: row.first_name,
    LastName: row.last_name,
    Username: row.username,
    Email: row.email,
    Client_Code: row.client_code,
    Client_NameFR: row.client_name_fr,
    Client_NameEN: row.client_name_en,
    Experience_Code: row.experience_code,
    Experience_NameFr: row.experience_name_fr,
    Experience_NameEn: row.experience_name_en,
    ActiveMFA: row.mfa_active,
    Language: row.contact_language as Locale,
  };
}

export function presentManagedUserPage(page: ManagedUserPage): { Users: ManagedUser[]; TotalUsers: number } {
  return { Users: page.users.map(presentManagedUser), TotalUsers: page.total };
}

/** The user with every document type of its client, as the edit dialog shows them. */
export function presentManagedUserDetail(detail: ManagedUserDetail): ManagedUser & { Reports: ReportAccess[] } {
  return { ...presentManagedUser(detail.user), Reports: presentReportAccess(detail.reports, detail.access) };
}

/** The user as saved, with the confirmation the administrator reads. */
export function presentSavedUser(row: ManagedUserRow, change: 'created' | 'updated', language: Locale): { msg: string; user: ManagedUser } {
  return { msg: serverText(language, `userManagement.${change}`), user: presentManagedUser(row) };
}

export function presentPasswordResetSent(language: Locale): string {
  return serverText(language, 'userManagement.resetSent');
}

export function presentUserDeleted(language: Locale): string {
  return serverText(language, 'userManagement.deleted');
}
