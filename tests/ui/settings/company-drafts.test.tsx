import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '../cart/support/renderPortal';
import { aCompanyInfo, companyFakeApi } from './support/company-fake-api';

const findSection = () => screen.findByRole('region', { name: 'Company information' }, { timeout: 60_000 });
const findList = () => screen.findByRole('region', { name: 'Delivery addresses' }, { timeout: 60_000 });

/** Settings in a tab; opening it again after `unmount` is a reload of that tab (same sessionStorage). */
function open(path: string, fake = companyFakeApi()) {
  const rendered = renderPortal({ path, api: fake.api });
  return { user: userEvent.setup(), ...fake, unmount: rendered.unmount };
}

describe('company and address drafts in Settings', { timeout: 60_000 }, () => {
  it('reopens the company edit form after a reload with what was typed, until it is cancelled', async () => {
    const first = open('/settings/company/');
    let section = await findSection();
    await first.user.click(await within(section).findByRole('button', { name: 'Edit company information' }));
    const name = within(section).getByLabelText('Company name');
    await first.user.clear(name);
    await first.user.type(name, 'Corner Shop Group');
    first.unmount();

    const second = open('/settings/company/');
    section = await findSection();
    expect(await within(section).findByLabelText('Company name')).toHaveValue('Corner Shop Group');
    await second.user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(within(section).getByText('Corner Shop Ltd')).toBeVisible();
    second.unmount();

    open('/settings/company/');
    section = await findSection();
    expect(await within(section).findByText('Corner Shop Ltd')).toBeVisible();
    expect(within(section).queryByLabelText('Company name')).not.toBeInTheDocument();
  });

  it('shows the saved company after a reload once the edit was saved', async () => {
    const first = open('/settings/company/');
    let section = await findSection();
    await first.user.click(await within(section).findByRole('button', { name: 'Edit company information' }));
    const name = within(section).getByLabelText('Company name');
    await first.user.clear(name);
    await first.user.type(name, 'Corner Shop Group');
    await first.user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Company information saved.')).toBeVisible();
    first.unmount();

    open('/settings/company/', companyFakeApi({ ...aCompanyInfo(), name: 'Corner Shop Group' }));
    section = await findSection();
    expect(await within(section).findByText('Corner Shop Group')).toBeVisible();
    expect(within(section).queryByLabelText('Company name')).not.toBeInTheDocument();
  });

  it('reopens the address dialog after a reload with what was typed, until it is cancelled', async () => {
    const first = open('/settings/addresses/');
    await first.user.click(within(await findList()).getByRole('button', { name: 'Add delivery address' }));
    let dialog = await screen.findByRole('dialog', { name: 'New delivery address' });
    await first.user.type(within(dialog).getByLabelText('Address name'), 'Back door');
    await first.user.type(within(dialog).getByLabelText('City'), 'Izmir');
    first.unmount();

    const second = open('/settings/addresses/');
    dialog = await screen.findByRole('dialog', { name: 'New delivery address' }, { timeout: 60_000 });
    expect(within(dialog).getByLabelText('Address name')).toHaveValue('Back door');
    expect(within(dialog).getByLabelText('City')).toHaveValue('Izmir');
    await second.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    second.unmount();

    open('/settings/addresses/');
    expect(await within(await findList()).findByRole('article', { name: 'Main shop' })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
