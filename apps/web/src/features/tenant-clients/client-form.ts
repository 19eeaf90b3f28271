import {
  ROLE_CODES,
  type ConsoleClient,
  type CustomerViewDocuments,
  type RoleCode,
  type UpdateConsoleClientRequest,
} from '@portal/contract';

export interface ClientFormValues {
  nameEn: string;
  nameFr: string;
  onboardingEnabled: boolean;
  blockDuplicates: boolean;
  smsAllowed: boolean;
  trustedDevicesAllowed: boolean;
  customerViewDocuments: CustomerViewDocuments;
  /** Every role, with the client's names for it; both empty: the portal's own name. */
  roleNames: Record<RoleCode, { nameEn: string; nameFr: string }>;
}

export function clientFormValues(client: ConsoleClient): ClientFormValues {
  const roleNames = Object.fromEntries(
    ROLE_CODES.map((role) => {
      const named = client.roleNames.find((name) => name.role === role);
      return [role, { nameEn: named?.nameEn ?? '', nameFr: named?.nameFr ?? '' }];
    }),
  ) as ClientFormValues['roleNames'];
  return {
    nameEn: client.nameEn,
    nameFr: client.nameFr,
    onboardingEnabled: client.onboardingEnabled,
    blockDuplicates: client.blockDuplicates,
    smsAllowed: client.smsAllowed,
    trustedDevicesAllowed: client.trustedDevicesAllowed,
    customerViewDocuments: client.customerViewDocuments,
    roleNames,
  };
}

/** A role named in one language only is sent too: the server then says which name is missing. */
export function toUpdateClientBody(values: ClientFormValues): UpdateConsoleClientRequest {
  return {
    nameEn: values.nameEn,
    nameFr: values.nameFr,
    onboardingEnabled: values.onboardingEnabled,
    blockDuplicates: values.blockDuplicates,
    smsAllowed: values.smsAllowed,
    trustedDevicesAllowed: values.trustedDevicesAllowed,
    customerViewDocuments: values.customerViewDocuments,
    roleNames: ROLE_CODES.flatMap((role) => {
      const { nameEn, nameFr } = values.roleNames[role];
      return nameEn.trim() || nameFr.trim() ? [{ role, nameEn, nameFr }] : [];
    }),
  };
}
