import {
  UpdateUserRequestSchema,
  type CreateUserRequest,
  type Locale,
  type ManagedUser,
  type RoleCode,
  type UpdateUserRequest,
} from '@portal/contract';
import { validateWith } from '../../lib/zod-validator';
import type { DataLists } from './user-management-queries';

/** The editable fields of a row; '' stands for "not chosen" in the three lists. */
export interface UserFormValues {
  roleCode: RoleCode | '';
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  clientCode: string;
  experienceCode: string;
  activeMFA: boolean;
}

/** The Id a new row shows until the server gives it one (spec section 4). */
export const NEW_USER_ID = 0;

const fields = UpdateUserRequestSchema.shape;

/** Spec section 5, from the contract's own schemas: the messages are translation keys. */
export const userFormRules = {
  roleCode: validateWith(fields.roleCode),
  firstName: validateWith(fields.firstName),
  lastName: validateWith(fields.lastName),
  username: validateWith(fields.username),
  email: validateWith(fields.email),
  clientCode: validateWith(fields.clientCode),
  experienceCode: validateWith(fields.experienceCode),
};

export function formValuesOf(user: ManagedUser): UserFormValues {
  return {
    roleCode: user.Role_Code,
    firstName: user.FirstName,
    lastName: user.LastName,
    username: user.Username,
    email: user.Email,
    clientCode: user.Client_Code,
    experienceCode: user.Experience_Code,
    activeMFA: user.ActiveMFA,
  };
}

export function divisionsOf(lists: DataLists | undefined, clientCode: string): DataLists['Experiences'] {
  return (lists?.Experiences ?? []).filter((division) => division.ClientCode === clientCode);
}

/** The client and division once the client changes: the division is cleared, or chosen when it is the only one. */
export function organisationFor(lists: DataLists | undefined, clientCode: string): Pick<UserFormValues, 'clientCode' | 'experienceCode'> {
  const divisions = divisionsOf(lists, clientCode);
  return { clientCode, experienceCode: divisions.length === 1 ? divisions[0]!.Code : '' };
}

/** A new row: role USER, MFA on, and the client (then the division) chosen when there is only one. */
export function newUserValues(lists: DataLists | undefined): UserFormValues {
  const clients = lists?.Clients ?? [];
  const clientCode = clients.length === 1 ? clients[0]!.Code : '';
  return {
    roleCode: 'USER',
    firstName: '',
    lastName: '',
    username: '',
    email: '',
    ...organisationFor(lists, clientCode),
    activeMFA: true,
  };
}

function trimmed(values: UserFormValues) {
  return {
    username: values.username.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    roleCode: values.roleCode as RoleCode,
    clientCode: values.clientCode,
    experienceCode: values.experienceCode,
    activeMFA: values.activeMFA,
  };
}

export function toCreateRequest(values: UserFormValues, contactLanguage: Locale): CreateUserRequest {
  return { ...trimmed(values), contactLanguage };
}

export function toUpdateRequest(userId: number, values: UserFormValues): UpdateUserRequest {
  return { userId, ...trimmed(values) };
}
