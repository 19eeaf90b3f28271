import type { IdentityClientOption, IdentityConnection, RoleCode } from '@portal/contract';
import type { IdentityConnectionRow } from '../db/repositories/identity-connections.repository.js';
import type { PortalAddresses } from '../services/federation/portal-addresses.js';

/** A connection as its screen reads it: never its secret, and the address to register at the provider. */
export function presentIdentityConnection(row: IdentityConnectionRow, addresses: PortalAddresses): IdentityConnection {
  return {
    id: row.id,
    clientId: row.client_id,
    kind: row.kind,
    name: row.name,
    issuer: row.issuer,
    providerClientId: row.client_key,
    hasSecret: row.sealed_secret !== '',
    scopes: row.scopes,
    claims: row.claims,
    domains: row.domains,
    roleMappings: row.role_mappings.map((mapping) => ({
      group: mapping.group,
      role: mapping.role as RoleCode,
      experienceCode: mapping.experience_code ?? null,
    })),
    defaultRole: row.default_role as RoleCode | null,
    experienceCode: row.experience_code,
    enforcedRoles: row.enforced_roles as RoleCode[],
    trustProviderMfa: row.trust_provider_mfa,
    enabled: row.enabled,
    redirectUri: addresses.redirectUri,
    samlSsoUrl: row.saml_sso_url,
    serviceProviderEntityId: addresses.samlEntityId,
    assertionConsumerUrl: addresses.assertionConsumerUrl,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A client one may connect, named in both languages, with its experiences. */
export function presentIdentityClientOption(row: {
  id: number;
  code: string;
  name_en: string;
  name_fr: string;
  experiences: { code: string; name_en: string; name_fr: string }[];
}): IdentityClientOption {
  return {
    id: row.id,
    code: row.code,
    nameEn: row.name_en,
    nameFr: row.name_fr,
    experiences: row.experiences.map((experience) => ({ code: experience.code, nameEn: experience.name_en, nameFr: experience.name_fr })),
  };
}
