import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/services/api';
import type { Capability } from '../../../src/services/api/capabilities';
import { renderSignedOut } from './support/render-signed-out';

const noSuchCall = new ApiError(
  { kind: 'http', call: 'POST password-reset/', status: 404, code: 'no_such_call' },
  'HTTP 404',
);
const announcing = (capabilities: Capability[]) => ({ capabilities: async () => capabilities });

describe('password reset as a capability', () => {
  it('the login screen offers "Forgot your password?" when the backend has the reset', async () => {
    renderSignedOut('/', announcing(['passwordReset']));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password/',
    );
  });

  it('the login screen has no "Forgot your password?" on a backend without it', async () => {
    renderSignedOut('/', announcing([]));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    // discovery answers after the first paint: the link goes once the backend has said so
    await vi.waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Forgot your password?' })).not.toBeInTheDocument(),
    );
  });

  it('a bookmarked reset page says it is not offered, leads back to login and asks nothing', async () => {
    const requestPasswordReset = vi.fn(async () => undefined);
    renderSignedOut('/auth/forgot-password/', { ...announcing(['brands']), requestPasswordReset });
    expect(await screen.findByText('This is not offered on this portal.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
    expect(requestPasswordReset).not.toHaveBeenCalled();
  });

  it('a reset call the backend turns out not to have says so instead of "try again"', async () => {
    const user = userEvent.setup();
    const requestPasswordReset = vi.fn(async () => {
      throw noSuchCall;
    });
    const { reportError } = renderSignedOut('/auth/forgot-password/', { requestPasswordReset });
    await user.type(await screen.findByLabelText(/E-mail address/), 'buyer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('This is not offered on this portal.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(reportError).not.toHaveBeenCalled();
  });
});
