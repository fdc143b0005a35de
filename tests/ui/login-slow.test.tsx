import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLOW_ANSWER_MS } from '../../src/machines/kernel/slow-answer';
import type { SignedIn } from '../../src/services/api';
import { buyerClaims, signedInAs } from './support/fakeSession';
import { renderApp } from './support/renderApp';

/** A sign-in or restore that takes longer says so and can be cancelled; nothing typed is lost. */
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const never = () => new Promise<never>(() => {});
/** The first call hangs, later ones sign the buyer in. */
function hangsOnce() {
  let calls = 0;
  return () => (calls++ === 0 ? never() : Promise.resolve<SignedIn>(signedInAs(buyerClaims)));
}

describe('a slow sign-in', () => {
  it('after 10 s says it is taking longer; Cancel keeps what was typed, and Log in works again', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { sessionEvents } = renderApp({ login: hangsOnce() });
    await user.type(await screen.findByLabelText('Username'), 'buyer');
    await user.type(screen.getByLabelText('Password'), 'buyer123');
    await user.click(screen.getByRole('checkbox', { name: 'Remember Me' }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await act(() => vi.advanceTimersByTimeAsync(SLOW_ANSWER_MS - 100));
    expect(screen.getByRole('status')).toHaveTextContent('Logging in…');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('status')).toHaveTextContent('Signing in is taking longer than usual.');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('status')).toHaveTextContent('Signing in was cancelled. You can log in again.');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('buyer');
    expect(screen.getByLabelText('Password')).toHaveValue('buyer123');
    expect(screen.getByRole('checkbox', { name: 'Remember Me' })).toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sessionEvents.map((event) => event.type)).toContain('session.cancel');

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: `Welcome, ${buyerClaims.name}` })).toBeInTheDocument();
    expect(sessionEvents.filter((event) => event.type === 'session.login')).toHaveLength(2);
  });
});

describe('a slow restore at start', () => {
  const credentials = { refresh: 'stored-refresh', remember: true };

  it('after 10 s the boot screen says it is taking longer; Cancel opens the login screen with Try again', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp({ stored: { credentials, refresh: hangsOnce() } });
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your session…');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SLOW_ANSWER_MS));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Checking your session is taking longer than usual.',
    );
    expect(screen.queryByRole('heading', { name: 'B2B LOGIN' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'B2B LOGIN' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Checking your saved sign-in was cancelled. Log in, or try again.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: `Welcome, ${buyerClaims.name}` })).toBeInTheDocument();
  });

  it('after a cancelled restore the customer can log in with username and password', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp({
      stored: { credentials, refresh: never },
      login: async () => signedInAs(buyerClaims),
    });
    await act(() => vi.advanceTimersByTimeAsync(SLOW_ANSWER_MS));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.type(await screen.findByLabelText('Username'), 'buyer');
    await user.type(screen.getByLabelText('Password'), 'buyer123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: `Welcome, ${buyerClaims.name}` })).toBeInTheDocument();
  });
});
