import {
  ERROR_KEYS,
  LEGAL_HOLD_ERROR_KEYS,
  LEGAL_HOLD_VALUES_MAX,
  LegalHoldValueSchema,
  ReleaseLegalHoldRequestSchema,
  type LegalHoldClientOption,
  type LegalHoldSubject,
} from '@portal/contract';
import type { PlaceLegalHoldBody } from './legal-hold-queries';

export interface LegalHoldFormValues {
  /** The client's id as text (what a select holds); empty until one is chosen. */
  clientId: string;
  subject: LegalHoldSubject;
  typeCode: string;
  externalId: string;
  /** The customer's attribute values, at most LEGAL_HOLD_VALUES_MAX. */
  values: { attribute: string; value: string }[];
  reason: string;
}

export type LegalHoldFormField = 'clientId' | 'typeCode' | 'externalId' | 'values' | 'reason';
export const LEGAL_HOLD_FORM_FIELDS: readonly LegalHoldFormField[] = ['clientId', 'typeCode', 'externalId', 'values', 'reason'];
export const MAY_ADD_VALUE = (values: LegalHoldFormValues) => values.values.length < LEGAL_HOLD_VALUES_MAX;

/** The field a refusal of the server's is about, when it names one. */
const FIELD_OF_ERROR: Record<string, LegalHoldFormField> = {
  [LEGAL_HOLD_ERROR_KEYS.typeUnknown]: 'typeCode',
  [LEGAL_HOLD_ERROR_KEYS.documentUnknown]: 'externalId',
  [LEGAL_HOLD_ERROR_KEYS.attributeUnknown]: 'values',
  [LEGAL_HOLD_ERROR_KEYS.valuesRequired]: 'values',
  [ERROR_KEYS.clientUnknown]: 'clientId',
};
export function fieldOfError(errorKey: string): LegalHoldFormField | undefined {
  return FIELD_OF_ERROR[errorKey];
}

/** A new hold starts on the person's own client (else the first offered), naming a customer. */
export function createInitialValues(clients: readonly LegalHoldClientOption[], ownClientCode: string | undefined): LegalHoldFormValues {
  const own = clients.find((client) => client.code === ownClientCode) ?? clients[0];
  return {
    clientId: own ? String(own.id) : '',
    subject: 'customer',
    typeCode: '',
    externalId: '',
    values: [{ attribute: own?.attributes[0]?.name ?? '', value: '' }],
    reason: '',
  };
}

/** The reason's error as a translation key, by the contract's rule (release asks the same). */
export function reasonError(reason: string): string | undefined {
  const parsed = ReleaseLegalHoldRequestSchema.shape.reason.safeParse(reason);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? LEGAL_HOLD_ERROR_KEYS.reasonRequired);
}

/** The form's errors as translation keys, by the contract's rules. */
export function validateLegalHoldForm(values: LegalHoldFormValues): Partial<Record<LegalHoldFormField, string>> {
  const errors: Partial<Record<LegalHoldFormField, string>> = {};
  if (values.clientId === '') errors.clientId = 'validation.required';
  if (values.subject !== 'customer' && values.typeCode === '') errors.typeCode = LEGAL_HOLD_ERROR_KEYS.typeUnknown;
  if (values.subject === 'document' && values.externalId.trim() === '') errors.externalId = LEGAL_HOLD_ERROR_KEYS.externalIdRequired;
  if (values.subject === 'customer') {
    const attributes = values.values.map((pair) => pair.attribute);
    const refused = values.values.map((pair) => LegalHoldValueSchema.safeParse(pair)).find((parsed) => !parsed.success);
    if (refused) errors.values = refused.error?.issues[0]?.message ?? LEGAL_HOLD_ERROR_KEYS.valuesRequired;
    else if (new Set(attributes).size !== attributes.length) errors.values = LEGAL_HOLD_ERROR_KEYS.valuesRequired;
  }
  const reason = reasonError(values.reason);
  if (reason) errors.reason = reason;
  return errors;
}

export function toPlaceBody(values: LegalHoldFormValues): PlaceLegalHoldBody {
  const common = { clientId: Number(values.clientId), reason: values.reason.trim() };
  switch (values.subject) {
    case 'customer':
      return {
        ...common,
        subject: 'customer',
        values: values.values.map((pair) => ({ attribute: pair.attribute, value: pair.value.trim() })),
      };
    case 'type':
      return { ...common, subject: 'type', typeCode: values.typeCode };
    case 'document':
      return { ...common, subject: 'document', typeCode: values.typeCode, externalId: values.externalId.trim() };
  }
}
