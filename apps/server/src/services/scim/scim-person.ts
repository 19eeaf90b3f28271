import { SCIM_ERROR_KEYS, type ScimPatch, type ScimUserInput } from '@portal/contract';
import type { ScimPersonRow } from '../../db/repositories/scim.repository.js';
import { AppError } from '../../errors.js';

/** What SCIM keeps of a person, in the portal's terms. */
export interface ScimFacts {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  language: 'en' | 'fr';
  externalId: string | null;
  active: boolean;
}

export const invalidValue = (detail: string) => new AppError(400, SCIM_ERROR_KEYS.invalidValue, detail, { scimType: 'invalidValue' });

const languageOf = (tag: string | undefined): 'en' | 'fr' => (tag?.toLowerCase().startsWith('fr') ? 'fr' : 'en');

/** The address SCIM gives: the primary e-mail, else the first, else a userName that is one. */
function emailOf(input: Pick<ScimUserInput, 'emails' | 'userName'>): string {
  const emails = input.emails ?? [];
  const chosen = (emails.find((email) => email.primary === true) ?? emails[0])?.value.trim();
  const email = chosen ?? (input.userName.includes('@') ? input.userName.trim() : '');
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw invalidValue('An e-mail address is needed (emails, or a userName that is one).');
  return email;
}

export function factsOfRow(row: ScimPersonRow): ScimFacts {
  return {
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    language: languageOf(row.contact_language),
    externalId: row.scim_external_id,
    active: row.deleted_at === null,
  };
}

/** A whole User as sent (POST, PUT): what it leaves out takes the portal's defaults. */
export function factsOfInput(input: ScimUserInput): ScimFacts {
  return {
    username: input.userName.trim(),
    firstName: input.name?.givenName?.trim() ?? '',
    lastName: input.name?.familyName?.trim() ?? '',
    email: emailOf(input),
    language: languageOf(input.preferredLanguage ?? input.locale),
    externalId: input.externalId ?? null,
    active: input.active ?? true,
  };
}

const asText = (value: unknown, path: string): string => {
  if (typeof value === 'string') return value.trim();
  throw invalidValue(`${path} takes text.`);
};
const asBoolean = (value: unknown): boolean => (typeof value === 'string' ? value.toLowerCase() === 'true' : value === true);

/** One attribute set (add, replace) or cleared (remove) by a PATCH operation. */
function applyPath(facts: ScimFacts, path: string, value: unknown, removing: boolean): ScimFacts {
  const key = path.trim();
  const lower = key.toLowerCase();
  if (lower === 'active') return { ...facts, active: removing ? facts.active : asBoolean(value) };
  if (lower === 'username') return removing ? facts : { ...facts, username: asText(value, key) };
  if (lower === 'name.givenname') return { ...facts, firstName: removing ? '' : asText(value, key) };
  if (lower === 'name.familyname') return { ...facts, lastName: removing ? '' : asText(value, key) };
  if (lower === 'externalid') return { ...facts, externalId: removing ? null : asText(value, key) };
  if (lower === 'preferredlanguage' || lower === 'locale')
    return { ...facts, language: languageOf(removing ? undefined : asText(value, key)) };
  if (lower === 'displayname' || lower === 'name.formatted' || lower === 'title') return facts;
  if (lower === 'name' && !removing) return applyObject(facts, { name: value });
  if (lower === 'emails' && !removing) {
    const emails = Array.isArray(value) ? value : [value];
    return { ...facts, email: emailOf({ userName: facts.username, emails: emails as { value: string; primary?: boolean }[] }) };
  }
  // Entra ID names the work address this way.
  if (/^emails\[type eq "work"\]\.value$/i.test(key) && !removing) return { ...facts, email: asText(value, key) };
  throw new AppError(400, SCIM_ERROR_KEYS.invalidValue, `The portal keeps no attribute ${key}.`, { scimType: 'invalidPath' });
}

/** An operation without a path: its value names the attributes, as a partial User. */
function applyObject(facts: ScimFacts, value: unknown): ScimFacts {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalidValue('An operation without a path takes an object.');
  let next = facts;
  for (const [name, inner] of Object.entries(value as Record<string, unknown>)) {
    if (name === 'schemas') continue;
    if (name === 'name' && typeof inner === 'object' && inner !== null) {
      for (const [part, partValue] of Object.entries(inner as Record<string, unknown>))
        next = applyPath(next, `name.${part}`, partValue, false);
    } else next = applyPath(next, name, inner, false);
  }
  return next;
}

/** The person after a PatchOp (RFC 7644 §3.5.2), its operations applied in order. */
export function applyPatch(facts: ScimFacts, patch: ScimPatch): ScimFacts {
  let next = facts;
  for (const operation of patch.Operations) {
    const op = operation.op.toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') {
      throw new AppError(400, SCIM_ERROR_KEYS.invalidValue, `Unknown operation ${operation.op}.`, { scimType: 'invalidSyntax' });
    }
    if (operation.path === undefined) {
      if (op === 'remove') throw new AppError(400, SCIM_ERROR_KEYS.invalidValue, 'A removal names its path.', { scimType: 'noTarget' });
      next = applyObject(next, operation.value);
    } else next = applyPath(next, operation.path, operation.value, op === 'remove');
  }
  return next;
}

export const sameFacts = (a: ScimFacts, b: ScimFacts) => (Object.keys(a) as (keyof ScimFacts)[]).every((key) => a[key] === b[key]);
