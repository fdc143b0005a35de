import { describe, expect, it } from 'vitest';
import { sessionMachine } from '../../../src/machines/session/session.machine';
import {
  selectCancelled,
  selectClaims,
  selectIsDemo,
  selectIsRestoreSlow,
  selectIsRestoring,
  selectIsSignedIn,
  selectIsSignInSlow,
  selectIsSigningIn,
  selectLanguage,
  selectLoginError,
} from '../../../src/machines/session/session.selectors';
import { someClaims } from '../../../src/test/builders';

const claims = someClaims({ isDemo: true, language: 'ar' });
const at = (value: Parameters<typeof sessionMachine.resolveState>[0]['value'], context: object = {}) =>
  sessionMachine.resolveState({
    value,
    context: { tokens: null, claims: null, remember: false, error: null, ...context },
  });

describe('session selectors', () => {
  it('selectIsRestoring is true only while stored credentials are checked', () => {
    expect(selectIsRestoring(at({ restoring: 'readingCredentials' }))).toBe(true);
    expect(selectIsRestoring(at({ restoring: 'refreshing' }))).toBe(true);
    expect(selectIsRestoring(at('new'))).toBe(false);
    expect(selectIsRestoring(at('inProgress'))).toBe(false);
  });

  it('selectIsSignedIn follows the presence of tokens', () => {
    expect(selectIsSignedIn(at({ resolved: 'active' }, { tokens: { access: 'a', refresh: 'r' } }))).toBe(
      true,
    );
    expect(selectIsSignedIn(at({ resolved: 'refreshing' }, { tokens: { access: 'a', refresh: 'r' } }))).toBe(
      true,
    );
    expect(selectIsSignedIn(at('new'))).toBe(false);
    expect(selectIsSignedIn(at('rejected'))).toBe(false);
  });

  it('selectIsSigningIn is true only while the login call runs', () => {
    expect(selectIsSigningIn(at('inProgress'))).toBe(true);
    expect(selectIsSigningIn(at({ restoring: 'refreshing' }))).toBe(false);
    expect(selectIsSigningIn(at('rejected'))).toBe(false);
  });

  it('selectIsSignInSlow is true only once the login call has taken longer than usual', () => {
    expect(selectIsSignInSlow(at({ inProgress: 'slow' }))).toBe(true);
    expect(selectIsSigningIn(at({ inProgress: 'slow' }))).toBe(true);
    expect(selectIsSignInSlow(at({ inProgress: 'waiting' }))).toBe(false);
    expect(selectIsSignInSlow(at({ restoring: { refreshing: 'slow' } }))).toBe(false);
    expect(selectIsSignInSlow(at('signInCancelled'))).toBe(false);
  });

  it('selectIsRestoreSlow is true only once renewing the stored sign-in has taken longer than usual', () => {
    expect(selectIsRestoreSlow(at({ restoring: { refreshing: 'slow' } }))).toBe(true);
    expect(selectIsRestoring(at({ restoring: { refreshing: 'slow' } }))).toBe(true);
    expect(selectIsRestoreSlow(at({ restoring: { refreshing: 'waiting' } }))).toBe(false);
    expect(selectIsRestoreSlow(at({ inProgress: 'slow' }))).toBe(false);
    expect(selectIsRestoreSlow(at('restoreCancelled'))).toBe(false);
  });

  it('selectCancelled names the wait the customer cancelled, else null', () => {
    expect(selectCancelled(at('signInCancelled'))).toBe('signIn');
    expect(selectCancelled(at('restoreCancelled'))).toBe('restore');
    expect(selectCancelled(at('new'))).toBeNull();
    expect(selectCancelled(at('rejected'))).toBeNull();
    expect(selectCancelled(at({ inProgress: 'slow' }))).toBeNull();
    expect(selectIsSignedIn(at('restoreCancelled'))).toBe(false);
  });

  it('selectLoginError returns the banner error or null', () => {
    expect(selectLoginError(at('rejected', { error: { kind: 'sessionExpired' } }))).toEqual({
      kind: 'sessionExpired',
    });
    expect(selectLoginError(at('new'))).toBeNull();
  });

  it('selectClaims, selectIsDemo and selectLanguage read the refresh token claims', () => {
    const signedIn = at({ resolved: 'active' }, { tokens: { access: 'a', refresh: 'r' }, claims });
    expect(selectClaims(signedIn)).toEqual(claims);
    expect(selectIsDemo(signedIn)).toBe(true);
    expect(selectLanguage(signedIn)).toBe('ar');
  });

  it('without a session: no claims, not demo, no language', () => {
    expect(selectClaims(at('new'))).toBeNull();
    expect(selectIsDemo(at('new'))).toBe(false);
    expect(selectLanguage(at('new'))).toBeNull();
  });
});
