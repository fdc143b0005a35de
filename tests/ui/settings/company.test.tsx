import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '../cart/support/renderPortal';
import { buyerClaims } from '../support/fakeSession';
import { aCompanyInfo, apiError, companyFakeApi } from './support/company-fake-api';

const colleagueClaims = { ...buyerClaims, name: 'Colin Colleague', isAdmin: false };
const findSection = () => screen.findByRole('region', { name: 'Company information' }, { timeout: 60_000 });

describe('company information in Settings', { timeout: 60_000 }, () => {
  it('shows the company to the main user, who changes a field and saves the whole company info', async () => {
    const user = userEvent.setup();
    const { api, saveCompanyInfo, server } = companyFakeApi();
    renderPortal({ path: '/settings/company/', api });
    const section = await findSection();
    expect(await within(section).findByText('Corner Shop Ltd')).toBeVisible();
    expect(within(section).getByText('orders@corner.example')).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Edit company information' }));
    const name = within(section).getByLabelText('Company name');
    await user.clear(name);
    await user.type(name, 'Corner Shop Group');
    await user.click(within(section).getByRole('button', { name: 'Save' }));

    expect(await within(section).findByText('Company information saved.')).toBeVisible();
    expect(within(section).getByText('Corner Shop Group')).toBeVisible();
    expect(saveCompanyInfo).toHaveBeenCalledTimes(1);
    // a PUT of the whole company info, addresses included, made on the version it was read at
    expect(saveCompanyInfo.mock.calls[0]?.[0]).toEqual({ ...aCompanyInfo(), name: 'Corner Shop Group' });
    expect(server.info.version).toBe(4);
  });

  it('adds and removes e-mail rows and shows a message per field without sending anything', async () => {
    const user = userEvent.setup();
    const { api, saveCompanyInfo } = companyFakeApi();
    renderPortal({ path: '/settings/company/', api });
    const section = await findSection();
    await user.click(await within(section).findByRole('button', { name: 'Edit company information' }));

    await user.clear(within(section).getByLabelText('Company name'));
    await user.click(within(section).getByRole('button', { name: 'Add e-mail address' }));
    await user.type(within(section).getByLabelText('E-mail address 3'), 'not-an-address');
    await user.click(within(section).getByRole('button', { name: 'Save' }));

    const name = within(section).getByLabelText('Company name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('This field is required.');
    expect(within(section).getByLabelText('E-mail address 3')).toHaveAccessibleDescription(
      'Invalid e-mail address.',
    );
    expect(saveCompanyInfo).not.toHaveBeenCalled();

    await user.click(within(section).getByRole('button', { name: 'Remove e-mail address 3' }));
    expect(within(section).queryByLabelText('E-mail address 3')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(within(section).getByText('Corner Shop Ltd')).toBeVisible();
  });

  it('shows a colleague the company without any edit control', async () => {
    const { api } = companyFakeApi();
    renderPortal({ path: '/settings/company/', api, claims: colleagueClaims });
    const section = await findSection();
    expect(await within(section).findByText('Corner Shop Ltd')).toBeVisible();
    expect(
      within(section).queryByRole('button', { name: 'Edit company information' }),
    ).not.toBeInTheDocument();
    expect(
      within(section).getByText('Only the company’s main user can change this information.'),
    ).toBeVisible();
  });

  it('reloads after someone else saved in between and keeps what was typed, with the message', async () => {
    const user = userEvent.setup();
    const { api, server, companyInfo, saveCompanyInfo } = companyFakeApi();
    renderPortal({ path: '/settings/company/', api });
    const section = await findSection();
    await user.click(await within(section).findByRole('button', { name: 'Edit company information' }));
    const vat = within(section).getByLabelText('VAT number');
    await user.clear(vat);
    await user.type(vat, 'TR999');
    // a colleague's save lands first
    server.info = { ...server.info, version: 4, landlineNumber: '+90 212 000 00 00' };
    await user.click(within(section).getByRole('button', { name: 'Save' }));

    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Someone else changed the company information in the meantime.',
    );
    expect(companyInfo).toHaveBeenCalledTimes(2);
    expect(within(section).getByLabelText('VAT number')).toHaveValue('TR999');

    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Company information saved.')).toBeVisible();
    expect(saveCompanyInfo).toHaveBeenCalledTimes(2);
    expect(saveCompanyInfo.mock.calls[1]?.[0]).toMatchObject({ version: 4, vatNumber: 'TR999' });
  });

  it('shows a refused save (403) as a message and keeps the draft', async () => {
    const user = userEvent.setup();
    const { api, saveCompanyInfo } = companyFakeApi();
    saveCompanyInfo.mockRejectedValueOnce(apiError(403, 'main_user_only'));
    renderPortal({ path: '/settings/company/', api });
    const section = await findSection();
    await user.click(await within(section).findByRole('button', { name: 'Edit company information' }));
    await user.type(within(section).getByLabelText('Mobile number'), '9');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Only the company’s main user can change the company information.',
    );
    expect(within(section).getByLabelText('Mobile number')).toHaveValue('+90 532 555 01 029');
  });

  it('offers Retry when the company info does not load, and Retry loads it', async () => {
    const user = userEvent.setup();
    const { api, companyInfo } = companyFakeApi();
    companyInfo.mockRejectedValueOnce(apiError(500));
    renderPortal({ path: '/settings/company/', api });
    const section = await findSection();
    await user.click(await within(section).findByRole('button', { name: 'Retry' }));
    expect(await within(section).findByText('Corner Shop Ltd')).toBeVisible();
    await waitFor(() => expect(companyInfo).toHaveBeenCalledTimes(2));
  });
});
