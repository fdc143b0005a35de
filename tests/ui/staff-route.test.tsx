import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './support/renderApp';

// The /staff route loads the staff console's chunk through the real lazy entry the browser uses.
describe('the /staff route', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the staff console with its own sign-in form', async () => {
    // the console reads /config.json for the API's address, as the portal does at boot
    vi.stubGlobal('fetch', async () => Response.json({ apiBase: '/api' }));
    renderApp({ path: '/staff' });
    expect(await screen.findByLabelText('User name', undefined, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
