import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRegistration } from './support-registration';

const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`));

/** Types into a field as a paste: one change per field keeps these tests quick. */
async function enter(user: UserEvent, label: string, value: string) {
  await user.click(field(label));
  await user.paste(value);
}

/** A reload of the tab: the app goes away and starts again with the same sessionStorage. */
function reload(unmount: () => void) {
  unmount();
  return renderRegistration({ register: async () => {} });
}

describe('registration draft', { timeout: 60_000 }, () => {
  it('brings back a half-filled form after a reload, without the passwords', async () => {
    const user = userEvent.setup();
    const { unmount } = renderRegistration();
    await user.click(await screen.findByRole('radio', { name: 'Private person' }));
    await enter(user, 'Full name', 'Berta Buyer');
    await enter(user, 'E-mail address', 'berta@example.com');
    await enter(user, 'Password', 'secret1');

    reload(unmount);
    expect(await screen.findByRole('radio', { name: 'Private person' })).toBeChecked();
    expect(field('Full name')).toHaveValue('Berta Buyer');
    expect(field('E-mail address')).toHaveValue('berta@example.com');
    expect(field('Password')).toHaveValue('');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('secret1');
  });

  it('starts empty after a reload once the account was created', async () => {
    const user = userEvent.setup();
    const { unmount } = renderRegistration({ register: async () => {} });
    await screen.findByRole('heading', { name: 'Registration' });
    for (const [label, value] of [
      ['Company name', 'Corner Shop Ltd'],
      ['Tax number', 'DE123456789'],
      ['Full name', 'Berta Buyer'],
      ['E-mail address', 'berta@example.com'],
      ['Phone number', '+49 40 123456'],
      ['Username', 'berta'],
      ['Password', 'secret1'],
      ['Confirm password', 'secret1'],
    ] as const) {
      await enter(user, label, value);
    }
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Account created' })).toBeInTheDocument();

    reload(unmount);
    expect(await screen.findByRole('heading', { name: 'Registration' })).toBeInTheDocument();
    expect(field('Full name')).toHaveValue('');
    expect(field('Company name')).toHaveValue('');
  });
});
