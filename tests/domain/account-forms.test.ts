import { describe, expect, it } from 'vitest';
import {
  type AccountForm,
  type CompanyForm,
  emptyAddressForm,
  type UserCreateForm,
  validateAccountForm,
  validateAddressForm,
  validateCompanyForm,
  validateUserCreateForm,
} from '../../src/domain/account-forms';

const company: CompanyForm = {
  name: ' Lindenhof Gastro GmbH ',
  vatNumber: 'DE287654321',
  landlineNumber: '+49 40 1234560',
  mobileNumber: '',
  emailAddresses: ['einkauf@lindenhof.example', 'buchhaltung@lindenhof.example'],
};

const person: AccountForm = {
  firstName: 'Maria',
  lastName: 'Keller',
  email: 'maria@lindenhof.example',
  landlinePhone: '',
  mobilePhone: '+49 (170) 123-4567',
};

describe('company form', () => {
  it('accepts a complete form and trims the texts', () => {
    const result = validateCompanyForm(company);
    expect(result).toMatchObject({ ok: true, value: { name: 'Lindenhof Gastro GmbH' } });
  });

  it('names every wrong field at once, e-mail entries by their position', () => {
    const result = validateCompanyForm({
      ...company,
      name: '  ',
      landlineNumber: 'call us',
      emailAddresses: ['einkauf@lindenhof.example', 'not-an-address', 'EINKAUF@lindenhof.example'],
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: { key: 'validation.required' },
        landlineNumber: { key: 'validation.invalidPhone' },
        'emailAddresses.1': { key: 'validation.invalidEmail' },
        'emailAddresses.2': { key: 'validation.duplicateEntry' },
      },
    });
  });

  it('needs at least one e-mail address (spec point 5: at least {{count}} entries)', () => {
    expect(validateCompanyForm({ ...company, emailAddresses: [] })).toEqual({
      ok: false,
      errors: { emailAddresses: { key: 'validation.atLeastEntries', values: { count: 1 } } },
    });
  });

  it('says how long a text may be', () => {
    const result = validateCompanyForm({ ...company, name: 'x'.repeat(101) });
    expect(result).toEqual({
      ok: false,
      errors: { name: { key: 'validation.tooLong', values: { max: 100 } } },
    });
  });
});

describe('address form', () => {
  it('needs name, first line, city, country and postal code', () => {
    const result = validateAddressForm('delivery', emptyAddressForm());
    expect(result.ok ? [] : Object.keys(result.errors).sort()).toEqual([
      'city',
      'country',
      'line1',
      'name',
      'postalCode',
    ]);
  });

  it('keeps the instructions of a delivery address and drops them from a billing address', () => {
    const filled = {
      ...emptyAddressForm(),
      name: 'Kitchen',
      line1: 'Hauptstraße 1',
      city: 'Hamburg',
      country: 'Germany',
      postalCode: '20095',
      instructions: 'Ring twice',
    };
    expect(validateAddressForm('delivery', filled)).toMatchObject({
      ok: true,
      value: { instructions: 'Ring twice' },
    });
    const billing = validateAddressForm('billing', filled);
    expect(billing.ok && 'instructions' in billing.value).toBe(false);
  });
});

describe('user forms', () => {
  const newUser: UserCreateForm = {
    ...person,
    username: 'jonas.w',
    language: 'de',
    access: 'password',
    password: 'secret1',
  };

  it('accepts a new user with an initial password, or with an invitation and no password', () => {
    expect(validateUserCreateForm(newUser).ok).toBe(true);
    expect(validateUserCreateForm({ ...newUser, access: 'invitation', password: '' }).ok).toBe(true);
  });

  it('asks for a username of 3 characters and a password of 6 (spec point 9)', () => {
    expect(validateUserCreateForm({ ...newUser, username: 'jw', password: '12345' })).toEqual({
      ok: false,
      errors: {
        username: { key: 'validation.usernameMin', values: { min: 3 } },
        password: { key: 'validation.passwordMin', values: { min: 6 } },
      },
    });
  });

  it('refuses spaces in a username and a malformed e-mail on the own account', () => {
    expect(validateUserCreateForm({ ...newUser, username: 'jonas w' })).toMatchObject({
      errors: { username: { key: 'validation.usernameCharacters' } },
    });
    expect(validateAccountForm({ ...person, email: 'maria@' })).toEqual({
      ok: false,
      errors: { email: { key: 'validation.invalidEmail' } },
    });
  });
});
