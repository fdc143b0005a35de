import { describe, expect, it } from 'vitest';
import {
  VALIDATION_KEYS as K,
  type RegistrationForm,
  validateLoginForm,
  validateNewPasswordForm,
  validateRegistrationForm,
  validateSecurityCode,
  validationMessageValues,
} from '../../src/domain/validation';

describe('login form', () => {
  it('accepts a username of 3 and a password of 6 characters, trimming the username only', () => {
    expect(validateLoginForm({ username: ' abc ', password: ' 12345' })).toEqual({
      ok: true,
      value: { username: 'abc', password: ' 12345' },
    });
  });

  it('needs a username of at least 3 characters', () => {
    expect(validateLoginForm({ username: 'ab', password: 'secret' })).toEqual({
      ok: false,
      errors: { username: 'validation.usernameMin' },
    });
    expect(validateLoginForm({ username: ' ab  ', password: 'secret' })).toEqual({
      ok: false,
      errors: { username: K.usernameMin },
    });
  });

  it('needs a password of at least 6 characters', () => {
    expect(validateLoginForm({ username: 'anna', password: '12345' })).toEqual({
      ok: false,
      errors: { password: 'validation.passwordMin' },
    });
  });

  it('reports an empty field as required rather than too short, and every field at once', () => {
    expect(validateLoginForm({ username: '', password: '' })).toEqual({
      ok: false,
      errors: { username: K.usernameRequired, password: K.passwordRequired },
    });
  });
});

describe('new password form', () => {
  it('accepts a password of 6 characters repeated exactly', () => {
    expect(validateNewPasswordForm({ password: 'sesame', repeatPassword: 'sesame' }).ok).toBe(true);
  });

  it('asks for the same password when the repeat differs', () => {
    expect(validateNewPasswordForm({ password: 'sesame', repeatPassword: 'Sesame' })).toEqual({
      ok: false,
      errors: { repeatPassword: 'validation.samePassword' },
    });
  });

  it('reports a short password and a mismatch together', () => {
    expect(validateNewPasswordForm({ password: 'abc', repeatPassword: 'abd' })).toEqual({
      ok: false,
      errors: { password: K.passwordMin, repeatPassword: K.samePassword },
    });
  });

  it('requires the repeat', () => {
    expect(validateNewPasswordForm({ password: 'sesame', repeatPassword: '' })).toEqual({
      ok: false,
      errors: { repeatPassword: K.required },
    });
  });
});

describe('registration form', () => {
  const valid: RegistrationForm = {
    type: 'corporate',
    fullName: 'Ada Yılmaz',
    companyName: 'Yılmaz Gıda Ltd.',
    taxNumber: '1234567890',
    email: 'ada@example.com',
    phoneNumber: '+90 212 000 00 00',
    username: 'ada',
    password: 'sesame',
    confirmPassword: 'sesame',
  };

  it('accepts a complete corporate registration, trimming text fields', () => {
    const result = validateRegistrationForm({
      ...valid,
      email: ' ada@example.com ',
      companyName: ' Yılmaz ',
    });
    expect(result).toEqual({ ok: true, value: { ...valid, companyName: 'Yılmaz' } });
  });

  it('gives each missing field its own required message', () => {
    const empty: RegistrationForm = {
      type: 'corporate',
      fullName: '',
      companyName: '',
      taxNumber: ' ',
      email: '',
      phoneNumber: '',
      username: '',
      password: '',
      confirmPassword: '',
    };
    expect(validateRegistrationForm(empty)).toEqual({
      ok: false,
      errors: {
        fullName: 'validation.fullNameRequired',
        companyName: 'validation.companyNameRequired',
        taxNumber: 'validation.taxNumberRequired',
        email: 'validation.emailRequired',
        phoneNumber: 'validation.phoneNumberRequired',
        username: 'validation.usernameRequired',
        password: 'validation.passwordRequired',
        confirmPassword: 'validation.confirmPasswordRequired',
      },
    });
  });

  it('does not ask an individual for a company name', () => {
    expect(validateRegistrationForm({ ...valid, type: 'individual', companyName: '' }).ok).toBe(true);
  });

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada example@x.com'])(
    'rejects "%s" as an e-mail',
    (email) => {
      expect(validateRegistrationForm({ ...valid, email })).toEqual({
        ok: false,
        errors: { email: K.invalidEmail },
      });
    },
  );

  it('says the passwords do not match', () => {
    expect(validateRegistrationForm({ ...valid, confirmPassword: 'sesam' })).toEqual({
      ok: false,
      errors: { confirmPassword: 'validation.passwordsDoNotMatch' },
    });
  });

  it('applies the username and password lengths', () => {
    expect(
      validateRegistrationForm({ ...valid, username: 'ad', password: 'abc', confirmPassword: 'abc' }),
    ).toEqual({
      ok: false,
      errors: { username: K.usernameMin, password: K.passwordMin },
    });
  });

  it('rejects an unknown customer type with the generic required message', () => {
    const result = validateRegistrationForm({ ...valid, type: 'reseller' as RegistrationForm['type'] });
    expect(result).toEqual({ ok: false, errors: { type: K.required } });
  });
});

describe('security code', () => {
  it('accepts exactly six digits, ignoring spaces', () => {
    expect(validateSecurityCode({ code: '012345' })).toEqual({ ok: true, value: { code: '012345' } });
    expect(validateSecurityCode({ code: ' 123 456 ' })).toEqual({ ok: true, value: { code: '123456' } });
  });

  it('reads Arabic-Indic digits as 0-9', () => {
    expect(validateSecurityCode({ code: '١٢٣٤٥٦' })).toEqual({ ok: true, value: { code: '123456' } });
  });

  it.each(['', '12345', '1234567', '12a456', '12-456'])('rejects "%s"', (code) => {
    expect(validateSecurityCode({ code })).toEqual({
      ok: false,
      errors: { code: 'validation.securityCodeDigits' },
    });
  });
});

describe('message keys', () => {
  it('are keys, not English text', () => {
    for (const key of Object.values(K)) expect(key).toMatch(/^validation\.[a-zA-Z]+$/);
  });

  it('come with the values their texts interpolate', () => {
    expect(validationMessageValues(K.usernameMin)).toEqual({ min: 3 });
    expect(validationMessageValues(K.passwordMin)).toEqual({ min: 6 });
    expect(validationMessageValues(K.securityCodeDigits)).toEqual({ count: 6 });
    expect(validationMessageValues(K.required)).toEqual({});
  });
});
