import { API_KEY_ERROR_KEYS, CreateApiKeyRequestSchema, type ApiKeyClientOption } from '@portal/contract';
import type { CreateApiKeyBody } from './api-key-queries';

export type ApiKeyScope = 'all' | 'some';

export interface ApiKeyFormValues {
  /** The client's id as text (what a select holds); empty until one is chosen. */
  clientId: string;
  name: string;
  /** Every type of the client (including later ones), or only those ticked. */
  scope: ApiKeyScope;
  types: string[];
}

export type ApiKeyFormField = keyof ApiKeyFormValues;
export const API_KEY_FORM_FIELDS: readonly ApiKeyFormField[] = ['clientId', 'name', 'scope', 'types'];

/** A new key starts on the person's own client (else the first offered), for every type. */
export function createInitialValues(clients: readonly ApiKeyClientOption[], ownClientCode: string | undefined): ApiKeyFormValues {
  const own = clients.find((client) => client.code === ownClientCode) ?? clients[0];
  return { clientId: own ? String(own.id) : '', name: '', scope: 'all', types: [] };
}

/** The form's errors as translation keys, by the contract's rules. */
export function validateApiKeyForm(values: ApiKeyFormValues): Partial<Record<ApiKeyFormField, string>> {
  const errors: Partial<Record<ApiKeyFormField, string>> = {};
  const name = CreateApiKeyRequestSchema.shape.name.safeParse(values.name);
  if (!name.success) errors.name = name.error.issues[0]?.message ?? API_KEY_ERROR_KEYS.nameRequired;
  if (values.clientId === '') errors.clientId = 'validation.required';
  if (values.scope === 'some' && values.types.length === 0) errors.types = API_KEY_ERROR_KEYS.typesEmpty;
  return errors;
}

export function toCreateBody(values: ApiKeyFormValues): CreateApiKeyBody {
  return {
    clientId: Number(values.clientId),
    name: values.name.trim(),
    types: values.scope === 'all' ? null : values.types,
  };
}
