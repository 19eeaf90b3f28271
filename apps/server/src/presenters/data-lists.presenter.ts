import type { DataListsResponse, RoleCode } from '@portal/contract';
import type { DataLists } from '../services/user-management.service.js';

/** The choices of the user form in the specification's wire names. */
export function presentDataLists(lists: DataLists): Omit<DataListsResponse, 'success'> {
  return {
    Roles: lists.roles.map((role) => ({ Code: role.code as RoleCode, NameFr: role.name_fr, NameEn: role.name_en })),
    Experiences: lists.experiences.map((e) => ({ Code: e.code, ClientCode: e.client_code, NameFr: e.name_fr, NameEn: e.name_en })),
    Clients: lists.clients.map((client) => ({ Code: client.code, NameFR: client.name_fr, NameEN: client.name_en })),
  };
}
