import { describe, expect, it } from 'vitest';
import { missingCredentials } from '../../src/domain/login-form';

describe('the login form rule', () => {
  it('needs a username that is more than blanks, and any password', () => {
    expect(missingCredentials('  ', 'secret')).toEqual({ username: true, password: false });
    expect(missingCredentials('buyer', '')).toEqual({ username: false, password: true });
    expect(missingCredentials('buyer', '   ')).toEqual({ username: false, password: false });
  });
});
