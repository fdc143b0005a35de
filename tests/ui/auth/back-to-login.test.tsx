import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSignedOut } from './support/render-signed-out';

// A tab opened straight on an /auth/* screen gets the login screen behind it, so Back lands on
// the login screen instead of leaving the portal. (The browser's Back itself: tests/e2e/navigation.spec.ts.)

const initialPath = window.location.pathname;

afterEach(() => {
  // the one test that adds a browser entry takes it back out of the way of the next
  window.history.replaceState(null, '', initialPath);
});

describe('Back from an auth screen opened in a fresh tab', { timeout: 60_000 }, () => {
  it.each(['/auth/forgot-password/', '/auth/register/'])(
    'puts the login screen behind %s, which stays on screen',
    async (path) => {
      const { location } = renderSignedOut(path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(location.history).toEqual(['/', path]);
      expect(screen.queryByRole('heading', { name: 'B2B LOGIN' })).not.toBeInTheDocument();
    },
  );

  it('keeps the query of the address the tab opened on', async () => {
    const { location } = renderSignedOut('/auth/forgot-password/?email=a%40b.example');
    await screen.findByRole('heading', { level: 1 });
    expect(location.history).toEqual(['/', '/auth/forgot-password/?email=a%40b.example']);
  });

  it('adds nothing when a portal page is behind already', async () => {
    window.history.pushState(null, '', initialPath);
    const { location } = renderSignedOut('/auth/forgot-password/');
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    expect(location.history).toEqual(['/auth/forgot-password/']);
  });
});
