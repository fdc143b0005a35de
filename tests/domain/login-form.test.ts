import { describe, expect, it } from 'vitest';
import { anyMissing, missingCredentials } from '../../src/domain/login-form';

describe('the login form rule', () => {
  it('needs a username that is more than blanks, and any password', () => {
    expect(missingCredentials('  ', 'secret')).toEqual({ username: true, password: false });
    expect(missingCredentials('buyer', '')).toEqual({ username: false, password: true });
    expect(missingCredentials('buyer', '   ')).toEqual({ username: false, password: false });
  });

  it('sends only when nothing is missing', () => {
    expect(anyMissing(missingCredentials('buyer', 'buyer123'))).toBe(false);
    expect(anyMissing(missingCredentials('', 'buyer123'))).toBe(true);
  });
});
