import { describe, expect, it } from 'vitest';
import { addressFormOf } from '../../src/domain/account-forms';
import { companyFormOf, withAddressChange, withCompanyForm } from '../../src/domain/company-info-edits';
import { aCompanyInfo } from '../ui/settings/support/company-fake-api';

const info = aCompanyInfo();
const warehouse = info.deliveryAddresses[1]!;
const headOffice = info.billingAddresses[0]!;

describe('company info edits (the whole-company-info PUT, spec point 7)', () => {
  it('replaces the company fields and keeps addresses and version', () => {
    const form = { ...companyFormOf(info), name: 'Corner Shop Group', emailAddresses: ['a@b.example'] };
    expect(withCompanyForm(info, form)).toEqual({
      ...info,
      name: 'Corner Shop Group',
      emailAddresses: ['a@b.example'],
    });
  });

  it('adds a new address with pk null and keeps the others with their pk', () => {
    const form = { ...addressFormOf(warehouse), name: 'Back door' };
    const next = withAddressChange(info, { op: 'save', kind: 'delivery', pk: null, form });
    expect(next.deliveryAddresses.map((a) => a.pk)).toEqual([11, 12, null]);
    expect(next.deliveryAddresses[2]).toMatchObject({ name: 'Back door', instructions: '' });
    expect(next.billingAddresses).toBe(info.billingAddresses);
    expect(next.version).toBe(info.version);
  });

  it('changes an address in place by pk; a billing address never gets instructions', () => {
    const form = { ...addressFormOf(headOffice), city: 'Ankara', instructions: 'ignored' };
    const next = withAddressChange(info, { op: 'save', kind: 'billing', pk: 21, form });
    expect(next.billingAddresses).toEqual([{ ...headOffice, city: 'Ankara' }]);
    expect(next.deliveryAddresses).toBe(info.deliveryAddresses);
  });

  it('leaves a deleted address out', () => {
    const next = withAddressChange(info, { op: 'delete', kind: 'delivery', pk: 11 });
    expect(next.deliveryAddresses).toEqual([warehouse]);
  });

  it('still sends a pk the copy does not hold, so the server can refuse it (400)', () => {
    const form = addressFormOf(warehouse);
    const next = withAddressChange(info, { op: 'save', kind: 'delivery', pk: 99, form });
    expect(next.deliveryAddresses.map((a) => a.pk)).toEqual([11, 12, 99]);
  });
});
