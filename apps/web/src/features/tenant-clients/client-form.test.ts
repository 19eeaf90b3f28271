import { describe, expect, it } from 'vitest';
import type { ConsoleClient } from '@portal/contract';
import { clientFormValues, toUpdateClientBody } from './client-form';

const CLIENT: ConsoleClient = {
  id: 1,
  code: 'NBF',
  nameEn: 'Northbridge Financial',
  nameFr: 'Financière Northbridge',
  onboardingEnabled: true,
  blockDuplicates: false,
  smsAllowed: true,
  trustedDevicesAllowed: true,
  customerViewDocuments: 'previewAndDownload',
  roleNames: [{ role: 'USER', nameEn: 'Customer', nameFr: 'Client' }],
  experiences: [],
};

describe('the client form', () => {
  it('offers every role, named or not, and sends back only the named ones', () => {
    const values = clientFormValues(CLIENT);
    expect(values.roleNames.USER).toEqual({ nameEn: 'Customer', nameFr: 'Client' });
    expect(values.roleNames.ADMIN).toEqual({ nameEn: '', nameFr: '' });
    values.roleNames.ADMIN = { nameEn: 'Manager', nameFr: '' };
    expect(toUpdateClientBody(values).roleNames).toEqual([
      { role: 'USER', nameEn: 'Customer', nameFr: 'Client' },
      { role: 'ADMIN', nameEn: 'Manager', nameFr: '' },
    ]);
  });

  it('keeps what staff may open in a customer view', () => {
    const values = clientFormValues(CLIENT);
    expect(values.customerViewDocuments).toBe('previewAndDownload');
    expect(toUpdateClientBody({ ...values, customerViewDocuments: 'none' }).customerViewDocuments).toBe('none');
  });
});
