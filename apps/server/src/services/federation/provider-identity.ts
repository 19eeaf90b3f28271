import type { RoleCode } from '@portal/contract';
import type { IdentityConnectionRow } from '../../db/repositories/identity-connections.repository.js';
import { isRoleCode } from '../permissions.js';

/** A person as its provider describes it, in the portal's terms. */
export interface ProviderIdentity {
  subject: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  language: 'en' | 'fr';
  groups: string[];
}

/** Authentication contexts that name multi-factor authentication (OpenID PAPE, Okta, Keycloak's levels, SAML's two-factor classes, ADFS and Entra's multipleauthn). */
const MULTI_FACTOR_CONTEXT = /multi-factor|multifactor|\bmfa\b|2fa|TwoFactor|multipleauthn/i;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * The person the ID token's claims describe, through the connection's claim names; undefined
 * when its address is not of one of the connection's domains, or the provider says it is not
 * verified. A connection vouches only for the domains it serves: another domain's address could
 * name an account of another client.
 */
export function identityOf(
  connection: Pick<IdentityConnectionRow, 'claims' | 'domains'>,
  claims: Record<string, unknown>,
): ProviderIdentity | undefined {
  const names = connection.claims;
  const email = text(claims[names.email])?.toLowerCase();
  const subject = text(claims.sub);
  if (!email || !subject || claims.email_verified === false) return undefined;
  if (!connection.domains.includes(email.split('@')[1] ?? '')) return undefined;
  const groups = claims[names.groups];
  return {
    subject,
    username: (text(claims[names.username]) ?? email).slice(0, 100),
    email,
    firstName: (text(claims[names.firstName]) ?? email.split('@')[0]!).slice(0, 100),
    lastName: (text(claims[names.lastName]) ?? '').slice(0, 100),
    language: text(claims[names.language])?.toLowerCase().startsWith('fr') ? 'fr' : 'en',
    groups: Array.isArray(groups)
      ? groups.filter((group): group is string => typeof group === 'string')
      : typeof groups === 'string'
        ? [groups]
        : [],
  };
}

/**
 * Where the person's groups place it: the role (and experience, when the mapping names one) of the
 * first mapping whose group it belongs to, else the connection's default role and experience; no
 * role when neither gives one.
 */
export function placementOf(
  connection: Pick<IdentityConnectionRow, 'role_mappings' | 'default_role' | 'experience_id'>,
  groups: string[],
): { role: RoleCode; experienceId: number } | null {
  const mapping = connection.role_mappings.find((each) => groups.includes(each.group));
  const role = mapping?.role ?? connection.default_role;
  if (!role || !isRoleCode(role)) return null;
  return { role, experienceId: mapping?.experience_id ?? connection.experience_id };
}

/**
 * Whether the provider says it used more than one factor: `amr` (RFC 8176) holds `mfa`, or two
 * methods or more (Entra ID sends ["pwd", "mfa"], Okta ["pwd", "otp", "mfa"]); else `acr` names a
 * multi-factor context.
 */
export function mfaDoneAtProvider(claims: Record<string, unknown>): boolean {
  const methods = new Set(Array.isArray(claims.amr) ? claims.amr.filter((method): method is string => typeof method === 'string') : []);
  if (methods.has('mfa') || methods.size >= 2) return true;
  const context = text(claims.acr);
  return context !== undefined && MULTI_FACTOR_CONTEXT.test(context);
}
