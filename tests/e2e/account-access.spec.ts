import { expect, type Page, test } from '@playwright/test';
import { fillLogin } from './helpers';

/** A fresh customer for each journey, so the demo accounts other journeys use stay as they are. */
function newCustomer(label: string) {
  const id = `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return {
    username: id,
    email: `${id}@example.test`,
    password: 'first-secret',
    fullName: 'Petra Probe',
    companyName: `Probe ${id} GmbH`,
  };
}
type Customer = ReturnType<typeof newCustomer>;

/** Registers through the API (the registration screen has its own journey). */
async function registerByApi(page: Page, customer: Customer) {
  await page.goto('/');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const answer = await page.request.post('/api/netb2b/register/', {
    headers: { 'X-CSRFToken': csrf },
    data: {
      customerType: 'corporate',
      fullName: customer.fullName,
      companyName: customer.companyName,
      taxNumber: 'DE999999999',
      email: customer.email,
      phoneNumber: '+49 30 1234567',
      username: customer.username,
      password: customer.password,
      confirmPassword: customer.password,
    },
  });
  expect(answer.status()).toBe(201);
}

async function signInAs(page: Page, username: string, password: string) {
  await page.goto('/');
  await fillLogin(page, username, password);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
}

async function expectSignInRefused(page: Page, username: string, password: string) {
  await page.goto('/');
  await fillLogin(page, username, password);
  await expect(page.getByRole('alert')).toContainText(
    'Please enter your username and password in the relevant fields.',
  );
}

async function latestCodeFor(page: Page, email: string): Promise<string> {
  const answer = await page.request.get('/dev/mailbox/messages.json');
  expect(answer.ok()).toBe(true);
  const mails = (await answer.json()) as Array<{ to: string; text: string }>;
  const mail = mails.find((m) => m.to === email);
  const code = mail?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

// covers: 4.other.password-reset-steps, 5.security-code
test('forgot password: the code from the mailbox sets a new password; the old one fails', async ({
  page,
}) => {
  const customer = newCustomer('reset');
  await registerByApi(page, customer);

  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password\/$/);
  await page.getByLabel('E-mail address').fill(customer.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/auth\/secure-code\/$/);
  await expect(page.getByText('If an account uses this address, we have sent a code.')).toBeVisible();

  // The developer mailbox, in a second tab, shows the mail the customer would receive.
  const mailbox = await page.context().newPage();
  await mailbox.goto('/dev/mailbox/');
  await expect(mailbox.getByText(customer.email).first()).toBeVisible();
  const code = await latestCodeFor(mailbox, customer.email);
  await expect(mailbox.getByText(code).first()).toBeVisible();
  await mailbox.close();

  await page.getByLabel('Security code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/auth\/new-password\/$/);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('second-secret');
  await page.getByLabel('Repeat the new password').fill('second-secret');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Your password is changed. Sign in with your new password.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();

  await expectSignInRefused(page, customer.username, customer.password);
  await signInAs(page, customer.username, 'second-secret');
});

test('change password in the settings: this session continues, the new password signs in', async ({
  page,
}) => {
  const customer = newCustomer('change');
  await registerByApi(page, customer);
  await signInAs(page, customer.username, customer.password);

  await page.goto('/settings/account/');
  await page.getByLabel('Current password').fill(customer.password);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('changed-secret');
  await page.getByLabel('Repeat the new password').fill('changed-secret');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/Your password is changed\. You stay signed in here/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expectSignInRefused(page, customer.username, customer.password);
  await signInAs(page, customer.username, 'changed-secret');
});

// covers: 4.other.account-deletion
test('delete account: confirmed with the username, signed out, and the sign-in fails afterwards', async ({
  page,
}) => {
  const customer = newCustomer('delete');
  await registerByApi(page, customer);
  await signInAs(page, customer.username, customer.password);

  await page.goto('/settings/account/');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/cannot be undone/)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Delete permanently' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type your username/).fill(customer.username);
  await confirm.click();
  await expect(page.locator('input[name="username"]')).toBeVisible();

  await expectSignInRefused(page, customer.username, customer.password);
});

// covers: 8.registration.error, 4.session.registration-failure
test('a new corporate customer registers, sees a taken username refused, and signs in', async ({ page }) => {
  const customer = newCustomer('register');
  await page.goto('/');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/auth\/register\/$/);
  await expect(page.getByRole('radio', { name: 'Company' })).toBeChecked();

  // Submitting empty shows a message per field and sends nothing.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Company name is required.')).toBeVisible();
  await expect(page.getByText('Your first and last name is required.')).toBeVisible();

  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await field('Company name').fill(customer.companyName);
  await field('Tax number').fill('DE123456789');
  await field('Full name').fill(customer.fullName);
  await field('E-mail address').fill(customer.email);
  await field('Phone number').fill('+49 30 1234567');
  await field('Username').fill('buyer');
  await field('Password').fill(customer.password);
  await field('Confirm password').fill(customer.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText('Registration failed.');
  await expect(page.getByText('This username is already taken.').first()).toBeVisible();
  // nothing typed is lost
  await expect(field('Company name')).toHaveValue(customer.companyName);

  await field('Username').fill(customer.username);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Account created' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign-in' }).click();

  await signInAs(page, customer.username, customer.password);
  // the new account is the main user of its own new company
  await page.goto('/settings/company/');
  await expect(page.getByText(customer.companyName).first()).toBeVisible();
});
