import {
  CreateUserRequestSchema,
  DataListsResponseSchema,
  SavedUserResponseSchema,
  SaveReportAccessRequestSchema,
  SaveReportAccessResponseSchema,
  UpdateUserRequestSchema,
  UserActionRequestSchema,
  UserActionResponseSchema,
  UserDetailResponseSchema,
  UserIdParamsSchema,
  UserListRequestSchema,
  UserListResponseSchema,
} from '../schemas/user-management.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Every call answers 403 errors.forbidden to a role without user management, and 404
 * errors.userNotFound for a user the caller may not see (another client's, a higher rank's,
 * a deleted or a nonexistent one alike).
 */
export const userManagementEndpoints = {
  userManagementDataLists: defineEndpoint({
    method: 'GET',
    path: '/api/usermanagement/getdatalists',
    summary: 'The roles the caller may give, and the clients and divisions it may manage users of.',
    access: 'session',
    menu: 'userManagement',
    response: DataListsResponseSchema,
  }),
  listManagedUsers: defineEndpoint({
    method: 'POST',
    path: '/api/usermanagement/users',
    summary: 'A page of the users the caller may manage, searched, filtered by role and sorted (default: Id descending).',
    access: 'session',
    menu: 'userManagement',
    body: UserListRequestSchema,
    response: UserListResponseSchema,
  }),
  getManagedUser: defineEndpoint({
    method: 'GET',
    path: '/api/usermanagement/users/:id',
    summary: 'One user with its access to each document type of its client.',
    access: 'session',
    menu: 'userManagement',
    params: UserIdParamsSchema,
    response: UserDetailResponseSchema,
  }),
  createUser: defineEndpoint({
    method: 'POST',
    path: '/api/usermanagement/createuser',
    summary: 'Creates a user without a password and e-mails it a link to choose one.',
    access: 'session',
    menu: 'userManagement',
    body: CreateUserRequestSchema,
    response: SavedUserResponseSchema,
  }),
  updateUser: defineEndpoint({
    method: 'POST',
    path: '/api/usermanagement/updateuser',
    summary: 'Changes a user’s username, names, e-mail, role, client, division and MFA flag.',
    access: 'session',
    menu: 'userManagement',
    body: UpdateUserRequestSchema,
    response: SavedUserResponseSchema,
  }),
  resetUserPassword: defineEndpoint({
    method: 'POST',
    path: '/api/usermanagement/resetpassword',
    summary: 'E-mails the user a password reset link and ends all its sessions.',
    access: 'session',
    menu: 'userManagement',
    body: UserActionRequestSchema,
    response: UserActionResponseSchema,
  }),
  softDeleteUser: defineEndpoint({
    method: 'POST',
    path: '/api/usermanagement/softdelete',
    summary: 'Removes a user’s access for good and ends its sessions; its history is kept.',
    access: 'session',
    menu: 'userManagement',
    body: UserActionRequestSchema,
    response: UserActionResponseSchema,
  }),
  saveReportAccess: defineEndpoint({
    method: 'POST',
    path: '/api/usermanagement/savereportaccess',
    summary: 'Replaces a USER’s access and criteria groups for the document types submitted.',
    access: 'session',
    menu: 'userManagement',
    body: SaveReportAccessRequestSchema,
    response: SaveReportAccessResponseSchema,
  }),
};
