import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RegistrationPayload } from '../../../src/domain/types';
import { ApiError } from '../../../src/services/api';
import { registrationOn, renderRegistration } from './support-registration';

const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`));

async function fillIn(user: UserEvent, values: Partial<Record<string, string>> = {}) {
  const all = {
    'Company name': 'Corner Shop Ltd',
    'Tax number': 'DE123456789',
    'Full name': 'Berta Buyer',
    'E-mail address': 'berta@example.com',
    'Phone number': '+49 40 123456',
    Username: 'berta',
    Password: 'secret1',
    'Confirm password': 'secret1',
    ...values,
  };
  for (const [label, value] of Object.entries(all)) {
    if (value && screen.queryByLabelText(new RegExp(`^${label}`))) await user.type(field(label), value);
  }
}

const expectedPayload: RegistrationPayload = {
  customerType: 'corporate',
  fullName: 'Berta Buyer',
  companyName: 'Corner Shop Ltd',
  taxNumber: 'DE123456789',
  email: 'berta@example.com',
  phoneNumber: '+49 40 123456',
  username: 'berta',
  password: 'secret1',
  confirmPassword: 'secret1',
};

const refused = (code: string, detail: string) =>
  new ApiError(
    { kind: 'http', call: 'POST netb2b/register/', status: 400, code, detail },
    'POST netb2b/register/: HTTP 400',
  );

describe('registration screen', () => {
  it('shows the form with its type choice, labelled fields and the way back', async () => {
    renderRegistration();
    expect(await screen.findByRole('heading', { name: 'Registration' })).toBeInTheDocument();
    const type = screen.getByRole('group', { name: 'Customer type' });
    expect(within(type).getByRole('radio', { name: 'Company' })).toBeChecked();
    expect(within(type).getByRole('radio', { name: 'Private person' })).not.toBeChecked();
    expect(field('Company name')).toHaveAttribute('autocomplete', 'organization');
    expect(field('Full name')).toHaveAttribute('autocomplete', 'name');
    expect(field('E-mail address')).toHaveAttribute('autocomplete', 'email');
    expect(field('Phone number')).toHaveAttribute('autocomplete', 'tel');
    expect(field('Username')).toHaveAttribute('autocomplete', 'username');
    expect(field('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(field('Confirm password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a message under every empty required field on submit, and updates it as the customer types', async () => {
    const user = userEvent.setup();
    const { register } = renderRegistration();
    await user.click(await screen.findByRole('button', { name: 'Create account' }));

    for (const message of [
      'Company name is required.',
      'Tax number is required.',
      'Your first and last name is required.',
      'E-mail address is required.',
      'Phone number is required.',
      'Username is required.',
      'Password is required.',
      'Please confirm the password.',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Username')).toHaveAccessibleDescription('Username is required.');
    expect(register).not.toHaveBeenCalled();

    await user.type(field('Username'), 'be');
    expect(field('Username')).toHaveAccessibleDescription('The username must be at least 3 characters.');
    await user.type(field('Username'), 'r');
    expect(field('Username')).not.toHaveAttribute('aria-invalid');
  });

  it('hides company name and tax number for a private person and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderRegistration();
    await user.type(await screen.findByLabelText(/^Company name/), 'Corner Shop Ltd');
    await user.type(field('Full name'), 'Berta Buyer');

    await user.click(screen.getByRole('radio', { name: 'Private person' }));
    expect(screen.queryByLabelText(/^Company name/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Tax number/)).not.toBeInTheDocument();
    expect(field('Full name')).toHaveValue('Berta Buyer');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.queryByText('Company name is required.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Company' }));
    expect(field('Company name')).toHaveValue('Corner Shop Ltd');
    expect(screen.getByText('Tax number is required.')).toBeInTheDocument();
  });

  it('says "Passwords do not match." once the repeat differs and is left', async () => {
    const user = userEvent.setup();
    renderRegistration();
    await user.type(await screen.findByLabelText(/^Password/), 'secret1');
    await user.type(field('Confirm password'), 'secret2');
    expect(screen.queryByText('Passwords do not match.')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    await user.type(field('Password'), '{Backspace}2');
    expect(screen.queryByText('Passwords do not match.')).not.toBeInTheDocument();
  });

  it('sends the payload with a spinner meanwhile, ends any session and confirms the new account', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => {};
    const { register, sessionEvents } = renderRegistration({
      register: () => new Promise<void>((resolve) => (answer = resolve)),
    });
    await screen.findByRole('heading', { name: 'Registration' });
    await fillIn(user, { 'E-mail address': ' berta@example.com ' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(register).toHaveBeenCalledWith(expectedPayload, expect.anything());
    expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled();
    expect(screen.getByText('Creating your account…')).toBeInTheDocument();
    answer();

    expect(await screen.findByRole('heading', { name: 'Account created' })).toBeInTheDocument();
    expect(
      screen.getByText('Your account is ready. You can now sign in with your username.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/');
    expect(sessionEvents.filter((event) => event.type === 'session.logout')).toHaveLength(2);
  });

  it('sends no company or tax number for a private person', async () => {
    const user = userEvent.setup();
    const { register } = renderRegistration({ register: async () => {} });
    await user.click(await screen.findByRole('radio', { name: 'Private person' }));
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(register).toHaveBeenCalledWith(
      { ...expectedPayload, customerType: 'individual', companyName: '', taxNumber: '' },
      expect.anything(),
    );
    expect(await screen.findByRole('heading', { name: 'Account created' })).toBeInTheDocument();
  });

  it('shows "Registration failed." with the reason on a taken username, keeping what was typed', async () => {
    const user = userEvent.setup();
    const { reportError } = renderRegistration({
      register: () => Promise.reject(refused('username_taken', 'This username is already taken.')),
    });
    await screen.findByRole('heading', { name: 'Registration' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Registration failed.');
    expect(alert).toHaveTextContent('This username is already taken.');
    expect(field('Username')).toHaveAccessibleDescription('This username is already taken.');
    expect(field('Username')).toHaveValue('berta');
    expect(field('Company name')).toHaveValue('Corner Shop Ltd');
    expect(field('Password')).toHaveValue('secret1');
    expect(reportError).not.toHaveBeenCalled();

    await user.type(field('Username'), '2');
    expect(field('Username')).not.toHaveAttribute('aria-invalid');
  });

  it('words a taken e-mail address itself, and shows the server text for other refusals', async () => {
    const user = userEvent.setup();
    const answers = [
      refused('email_taken', 'An account with this e-mail address already exists.'),
      refused('invalid', 'Something the server did not like.'),
    ];
    renderRegistration({ register: () => Promise.reject(answers.shift()) });
    await screen.findByRole('heading', { name: 'Registration' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this e-mail address already exists.',
    );
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Something the server did not like.'),
    );
  });

  it('offers Retry after a network failure, and reports it', async () => {
    const user = userEvent.setup();
    const answers: Array<() => Promise<void>> = [
      () => Promise.reject(new ApiError({ kind: 'network', call: 'POST netb2b/register/' }, 'no answer')),
      async () => {},
    ];
    const { register, reportError } = renderRegistration({ register: () => answers.shift()!() });
    await screen.findByRole('heading', { name: 'Registration' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Unknown error. Please try again later.')).toBeInTheDocument();
    expect(field('Username')).toHaveValue('berta');
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ source: 'registration' }));

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Account created' })).toBeInTheDocument();
    expect(register).toHaveBeenCalledTimes(2);
  });

  it('is the 404 page when registration is switched off (default customer type 0)', async () => {
    renderRegistration({ configuration: { ...registrationOn, defaultCustomerType: 0 } });
    expect(await screen.findByText(/404/)).toBeInTheDocument();
    expect(screen.getByText('No route matches URL "/auth/register/"')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Registration' })).not.toBeInTheDocument();
  });
});
