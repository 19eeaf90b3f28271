import { describe, expect, it } from 'vitest';
import { API_KEY_ERROR_KEYS, API_KEY_NAME_MAX_LENGTH, type ApiKeyClientOption } from '@portal/contract';
import { createInitialValues, toCreateBody, validateApiKeyForm } from './api-key-form';

const client = (id: number, code: string): ApiKeyClientOption => ({ id, code, nameEn: code, nameFr: code, types: [] });

describe('the new key form', () => {
  it('starts on the person’s own client, else the first offered, for every type', () => {
    expect(createInitialValues([client(1, 'NBF'), client(2, 'LAU')], 'LAU')).toEqual({ clientId: '2', name: '', scope: 'all', types: [] });
    expect(createInitialValues([client(1, 'NBF')], 'XYZ').clientId).toBe('1');
    expect(createInitialValues([], 'NBF').clientId).toBe('');
  });

  it('asks for a name of at most the contract’s length, a client, and a type when only some are wanted', () => {
    const valid = { clientId: '1', name: 'Statements', scope: 'all' as const, types: [] };
    expect(validateApiKeyForm(valid)).toEqual({});
    expect(validateApiKeyForm({ ...valid, name: '  ' }).name).toBe(API_KEY_ERROR_KEYS.nameRequired);
    expect(validateApiKeyForm({ ...valid, name: 'x'.repeat(API_KEY_NAME_MAX_LENGTH + 1) }).name).toBe(API_KEY_ERROR_KEYS.nameTooLong);
    expect(validateApiKeyForm({ ...valid, clientId: '' }).clientId).toBe('validation.required');
    expect(validateApiKeyForm({ ...valid, scope: 'some' }).types).toBe(API_KEY_ERROR_KEYS.typesEmpty);
    expect(validateApiKeyForm({ ...valid, scope: 'some', types: ['NBF-STMT'] })).toEqual({});
  });

  it('sends null types for every type, and the ticked codes otherwise', () => {
    expect(toCreateBody({ clientId: '3', name: ' Billing ', scope: 'all', types: ['A'] })).toEqual({
      clientId: 3,
      name: 'Billing',
      types: null,
    });
    expect(toCreateBody({ clientId: '3', name: 'Billing', scope: 'some', types: ['A', 'B'] }).types).toEqual(['A', 'B']);
  });
});
