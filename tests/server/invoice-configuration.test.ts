import { describe, expect, it } from 'vitest';
import { printedIban } from '../../server/invoices/iban';
import { invoiceConfiguration } from '../../server/invoices/invoice-configuration';
import { refusedMainProcess } from './support/main-process';

describe('the supplier’s invoice settings', () => {
  it('has a demo contact and a demo account whose IBAN passes its check', () => {
    const configuration = invoiceConfiguration({});
    expect(configuration.supplierContact).toEqual({
      name: 'Jana Petersen',
      phone: '+49 40 3070 5500',
      email: 'invoices@lindenhof-wholesale.example',
    });
    expect(configuration.paymentAccount).toEqual({
      iban: 'DE34200505501234567890',
      bic: 'HASPDEHHXXX',
      accountName: 'Lindenhof Wholesale',
    });
  });

  it('takes the contact and the account from the environment, the IBAN as written or in groups', () => {
    const configuration = invoiceConfiguration({
      SUPPLIER_NAME: 'Kaya Großhandel GmbH',
      SUPPLIER_CONTACT_NAME: 'Debitorenbuchhaltung',
      SUPPLIER_PHONE: '040 123456',
      SUPPLIER_EMAIL: 'rechnung@kaya.example',
      SUPPLIER_IBAN: 'de89 3704 0044 0532 0130 00',
      SUPPLIER_BIC: 'cobadeffxxx',
    });
    expect(configuration.supplierContact).toEqual({
      name: 'Debitorenbuchhaltung',
      phone: '040 123456',
      email: 'rechnung@kaya.example',
    });
    // the account is the supplier's unless it is named otherwise
    expect(configuration.paymentAccount).toEqual({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      accountName: 'Kaya Großhandel GmbH',
    });
    expect(invoiceConfiguration({ SUPPLIER_ACCOUNT_NAME: 'Kaya Treuhand' }).paymentAccount.accountName).toBe(
      'Kaya Treuhand',
    );
    expect(printedIban(configuration.paymentAccount.iban)).toBe('DE89 3704 0044 0532 0130 00');
  });

  it.each([
    ['SUPPLIER_IBAN', 'DE89 3704 0044 0532 0130 01'],
    ['SUPPLIER_IBAN', 'DE89'],
    ['SUPPLIER_IBAN', 'not an iban'],
    ['SUPPLIER_BIC', 'COBADE'],
    ['SUPPLIER_EMAIL', 'invoices'],
    ['SUPPLIER_PHONE', 'call us'],
  ])('refuses %s=%s, naming the variable', (variable, value) => {
    expect(() => invoiceConfiguration({ [variable]: value })).toThrow(new RegExp(`^${variable} `));
  });

  it('stops the server at start-up on an IBAN whose check digits are wrong, naming SUPPLIER_IBAN', async () => {
    const { code, output } = await refusedMainProcess({ SUPPLIER_IBAN: 'DE89 3704 0044 0532 0130 01' });
    expect(code).toBe(1);
    expect(output).toMatch(/Not starting: SUPPLIER_IBAN .*DE89 3704 0044 0532 0130 01/);
    expect(output).not.toMatch(/\n\s+at /);
  }, 60_000);
});
