import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/services/api';
import { renderSignedOut } from './support/render-signed-out';

const refusal = (code: string) =>
  new ApiError({ kind: 'http', call: 'POST password-reset/verify/', status: 400, code }, 'HTTP 400');

/** A fake server for the three calls: the right code is 123456; verify answers what the test queues. */
function fakeResetServer() {
  const verifyAnswers: Array<() => Promise<void>> = [];
  return {
    verifyAnswers,
    requestPasswordReset: vi.fn(async (_email: string) => undefined),
    verifyResetCode: vi.fn(async (_email: string, code: string) => {
      const answer = verifyAnswers.shift();
      if (answer) return answer();
      if (code !== '123456') throw refusal('invalid_code');
    }),
    resetPassword: vi.fn(async (_email: string, _code: string, _password: string) => undefined),
  };
}

const currentPath = (location: { history: readonly string[] }) => location.history.at(-1);

describe('password reset', () => {
  it('walks from the e-mail to the code, a new code, the new password and back to sign in', async () => {
    const user = userEvent.setup();
    const server = fakeResetServer();
    const { location } = renderSignedOut('/auth/forgot-password/', server);

    // step 1: the e-mail address, checked on submit and then as the customer types
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    const email = screen.getByLabelText(/E-mail address/);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
    await user.type(email, 'buyer@');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Invalid e-mail address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(server.requestPasswordReset).not.toHaveBeenCalled();
    await user.type(email, 'example.com');
    expect(screen.queryByText('Invalid e-mail address.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    // step 2: the neutral answer, at /auth/secure-code/
    expect(await screen.findByRole('heading', { name: 'Security code' })).toBeInTheDocument();
    expect(server.requestPasswordReset).toHaveBeenCalledWith('buyer@example.com', expect.anything());
    expect(currentPath(location)).toBe('/auth/secure-code/');
    expect(screen.getByText('If an account uses this address, we have sent a code.')).toBeInTheDocument();
    const code = screen.getByLabelText(/Security code/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('dir', 'ltr');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('The security code is 6 digits.')).toBeInTheDocument();

    // a wrong code: the server's message on the field, the typed code kept
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This code is not correct.')).toBeInTheDocument();
    expect(code).toHaveValue('654321');

    // too many tries: only a new code helps
    server.verifyAnswers.push(() => Promise.reject(refusal('too_many_tries')));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code was entered wrongly too many times. A new code is needed.',
    );
    expect(screen.queryByLabelText(/Security code/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    const freshCode = await screen.findByLabelText(/Security code/);
    expect(freshCode).toHaveValue('');
    expect(server.requestPasswordReset).toHaveBeenCalledTimes(2);
    expect(server.requestPasswordReset).toHaveBeenLastCalledWith('buyer@example.com', expect.anything());

    // the right code (as pasted from the mail, with a space)
    await user.type(freshCode, '123 456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // step 3: the new password, at /auth/new-password/
    expect(await screen.findByRole('heading', { name: 'New password' })).toBeInTheDocument();
    expect(currentPath(location)).toBe('/auth/new-password/');
    const password = screen.getByLabelText(/^New password/);
    const repeat = screen.getByLabelText(/Repeat the new password/);
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(repeat).toHaveAttribute('autocomplete', 'new-password');
    await user.type(password, 'secret1');
    await user.type(repeat, 'secret2');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(screen.getByText('Please enter same password')).toBeInTheDocument();
    expect(server.resetPassword).not.toHaveBeenCalled();
    await user.clear(repeat);
    await user.type(repeat, 'secret1');
    expect(screen.queryByText('Please enter same password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));

    // done: sign in with the new password
    expect(
      await screen.findByText('Your password is changed. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(server.resetPassword).toHaveBeenCalledWith(
      'buyer@example.com',
      '123456',
      'secret1',
      expect.anything(),
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/');
  });

  it('says how long to wait when requests are throttled, without telling whether the address is known', async () => {
    const user = userEvent.setup();
    const throttled = new ApiError(
      { kind: 'http', call: 'POST password-reset/', status: 429, code: 'throttled', retryAfterSeconds: 42 },
      'HTTP 429',
    );
    const { reportError } = renderSignedOut('/auth/forgot-password/', {
      requestPasswordReset: vi.fn(() => Promise.reject(throttled)),
    });
    await user.type(await screen.findByLabelText(/E-mail address/), 'buyer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait 42 seconds and try again.',
    );
    expect(reportError).not.toHaveBeenCalled();
  });

  it('offers Retry after an unexpected failure, and reports it', async () => {
    const user = userEvent.setup();
    const requestPasswordReset = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ kind: 'network', call: 'POST password-reset/' }, 'offline'))
      .mockResolvedValue(undefined);
    const { reportError } = renderSignedOut('/auth/forgot-password/', { requestPasswordReset });
    await user.type(await screen.findByLabelText(/E-mail address/), 'buyer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown error. Please try again later.');
    await waitFor(() => expect(reportError).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Security code' })).toBeInTheDocument();
  });

  it('a code that expired while the new password was typed goes back to the code step', async () => {
    const user = userEvent.setup();
    const server = fakeResetServer();
    server.resetPassword.mockRejectedValueOnce(refusal('code_expired'));
    const { location } = renderSignedOut('/auth/forgot-password/', server);
    await user.type(await screen.findByLabelText(/E-mail address/), 'buyer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText(/Security code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/^New password/), 'secret1');
    await user.type(screen.getByLabelText(/Repeat the new password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code has expired. A new code is needed.',
    );
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath(location)).toBe('/auth/secure-code/'));
  });

  it('browser Back to the e-mail step keeps the typed address', async () => {
    const user = userEvent.setup();
    const { location } = renderSignedOut('/auth/forgot-password/', fakeResetServer());
    await user.type(await screen.findByLabelText(/E-mail address/), 'buyer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('heading', { name: 'Security code' });
    act(() => location.navigate('/auth/forgot-password/'));
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail address/)).toHaveValue('buyer@example.com');
  });

  it('a direct visit to /auth/secure-code/ lands on /auth/forgot-password/', async () => {
    const { location } = renderSignedOut('/auth/secure-code/', fakeResetServer());
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath(location)).toBe('/auth/forgot-password/'));
  });
});
