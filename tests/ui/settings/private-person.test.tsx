import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '../cart/support/renderPortal';
import { aCompanyInfo, companyFakeApi } from './support/company-fake-api';

// A private person's account (customer type individual): one person, no VAT ID, no users to manage.
const person = aCompanyInfo({
  customerType: 'individual',
  name: 'Anna Schmidt',
  vatNumber: '',
  landlineNumber: '',
  mobileNumber: '+49 160 5550123',
  emailAddresses: ['anna.schmidt@example.org'],
});
const settingsNav = () => screen.findAllByRole('navigation', { name: 'Settings sections' });

describe('Settings of a private person', { timeout: 60_000 }, () => {
  it('lists personal details instead of company and user management', async () => {
    renderPortal({ path: '/settings/', api: companyFakeApi(person).api });
    const [overview] = await settingsNav();
    const nav = within(overview as HTMLElement);
    expect(await nav.findByRole('link', { name: /^Personal details/ })).toBeVisible();
    expect(nav.queryByRole('link', { name: /^Company/ })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: /^Users/ })).not.toBeInTheDocument();
    expect(nav.getByRole('link', { name: /^Addresses/ })).toBeVisible();
  });

  it('shows and edits the details without a VAT number or company wording', async () => {
    const user = userEvent.setup();
    const { api, saveCompanyInfo } = companyFakeApi(person);
    renderPortal({ path: '/settings/company/', api });
    const section = await screen.findByRole('region', { name: 'Personal details' }, { timeout: 60_000 });
    expect(await within(section).findByText('Anna Schmidt')).toBeVisible();
    expect(within(section).queryByText('VAT number')).not.toBeInTheDocument();
    expect(within(section).queryByText(/compan/i)).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Edit personal details' }));
    expect(within(section).queryByLabelText('VAT number')).not.toBeInTheDocument();
    const name = within(section).getByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Anna Schmidt-Berg');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Personal details saved.')).toBeVisible();
    expect(saveCompanyInfo.mock.calls[0]?.[0]).toMatchObject({ name: 'Anna Schmidt-Berg', vatNumber: '' });
  });

  it('has no user management, also not by address', async () => {
    renderPortal({ path: '/settings/users/', api: companyFakeApi(person).api });
    expect(await screen.findByText(/404 Not Found/, undefined, { timeout: 60_000 })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('asks to delete one of the person’s own addresses, not the company’s', async () => {
    const user = userEvent.setup();
    renderPortal({ path: '/settings/addresses/', api: companyFakeApi(person).api });
    await user.click(
      await screen.findByRole('button', { name: 'Delete address Main shop' }, { timeout: 60_000 }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete address?' });
    expect(confirm).toHaveTextContent('“Main shop” will be removed from your addresses.');
  });

  it('still shows a company its company information and users', async () => {
    renderPortal({ path: '/settings/', api: companyFakeApi().api });
    const [overview] = await settingsNav();
    const nav = within(overview as HTMLElement);
    expect(await nav.findByRole('link', { name: /^Company/ })).toBeVisible();
    expect(nav.getByRole('link', { name: /^Users/ })).toBeVisible();
  });
});
