import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '../cart/support/renderPortal';
import { buyerClaims } from '../support/fakeSession';
import { aCompanyInfo, apiError, companyFakeApi } from './support/company-fake-api';

const colleagueClaims = { ...buyerClaims, name: 'Colin Colleague', isAdmin: false };
const findList = (name: 'Delivery addresses' | 'Billing addresses') =>
  screen.findByRole('region', { name }, { timeout: 60_000 });

async function fillNewAddress(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'New delivery address' });
  await user.type(within(dialog).getByLabelText('Address name'), 'Back door');
  await user.type(within(dialog).getByLabelText('Address line 1'), 'Yan Sk. 3');
  await user.type(within(dialog).getByLabelText('Postal code'), '35000');
  await user.type(within(dialog).getByLabelText('City'), 'Izmir');
  await user.type(within(dialog).getByLabelText('Country'), 'Türkiye');
  await user.type(within(dialog).getByLabelText('Delivery instructions'), 'Ring twice');
  return dialog;
}

describe('addresses in Settings', { timeout: 60_000 }, () => {
  it('lists delivery and billing addresses, and adds a delivery address as one whole PUT', async () => {
    const user = userEvent.setup();
    const { api, saveCompanyInfo } = companyFakeApi();
    renderPortal({ path: '/settings/addresses/', api });
    const delivery = await findList('Delivery addresses');
    const billing = await findList('Billing addresses');
    expect(await within(delivery).findByRole('article', { name: 'Main shop' })).toHaveTextContent(
      'Instructions: Back entrance',
    );
    expect(within(billing).getByRole('article', { name: 'Head office' })).toHaveTextContent('34394 Istanbul');

    await user.click(within(delivery).getByRole('button', { name: 'Add delivery address' }));
    const dialog = await fillNewAddress(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));

    expect(await within(delivery).findByRole('article', { name: 'Back door' })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const sent = saveCompanyInfo.mock.calls[0]?.[0];
    expect(sent?.deliveryAddresses.map((a) => a.pk)).toEqual([11, 12, null]);
    expect(sent?.billingAddresses).toEqual(aCompanyInfo().billingAddresses);
  });

  it('shows the field messages in the dialog and sends nothing', async () => {
    const user = userEvent.setup();
    const { api, saveCompanyInfo } = companyFakeApi();
    renderPortal({ path: '/settings/addresses/', api });
    const billing = await findList('Billing addresses');
    await user.click(await within(billing).findByRole('button', { name: 'Add billing address' }));
    const dialog = await screen.findByRole('dialog', { name: 'New billing address' });
    expect(within(dialog).queryByLabelText('Delivery instructions')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(within(dialog).getByLabelText('City')).toHaveAccessibleDescription('This field is required.');
    expect(saveCompanyInfo).not.toHaveBeenCalled();
  });

  it('edits an address, and deletes one after the confirmation', async () => {
    const user = userEvent.setup();
    const { api, saveCompanyInfo } = companyFakeApi();
    renderPortal({ path: '/settings/addresses/', api });
    const delivery = await findList('Delivery addresses');
    await user.click(await within(delivery).findByRole('button', { name: 'Edit address Warehouse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit delivery address' });
    const city = within(dialog).getByLabelText('City');
    expect(city).toHaveValue('Kocaeli');
    await user.clear(city);
    await user.type(city, 'Gebze');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(delivery).findByText('41400 Gebze')).toBeVisible();
    expect(saveCompanyInfo.mock.calls[0]?.[0].deliveryAddresses[1]).toMatchObject({ pk: 12, city: 'Gebze' });

    await user.click(within(delivery).getByRole('button', { name: 'Delete address Main shop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete address?' });
    expect(confirm).toHaveTextContent('“Main shop” will be removed');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('article', { name: 'Warehouse' })).toBeVisible();
    expect(within(delivery).queryByRole('article', { name: 'Main shop' })).not.toBeInTheDocument();
    expect(saveCompanyInfo.mock.calls[1]?.[0].deliveryAddresses.map((a) => a.pk)).toEqual([12]);
  });

  it('says so when a list is empty, and a colleague sees no controls', async () => {
    const { api } = companyFakeApi(aCompanyInfo({ billingAddresses: [] }));
    renderPortal({ path: '/settings/addresses/', api, claims: colleagueClaims });
    const billing = await findList('Billing addresses');
    expect(await within(billing).findByText('No addresses of this type')).toBeVisible();
    const delivery = await findList('Delivery addresses');
    expect(within(delivery).getByRole('article', { name: 'Main shop' })).toBeVisible();
    expect(
      screen.queryByRole('button', { name: /Add .* address|Edit address|Delete address/ }),
    ).not.toBeInTheDocument();
  });

  it('after a stale save reloads, keeps the dialog open with the typed values and the message', async () => {
    const user = userEvent.setup();
    const { api, server, companyInfo, saveCompanyInfo } = companyFakeApi();
    renderPortal({ path: '/settings/addresses/', api });
    const delivery = await findList('Delivery addresses');
    await user.click(await within(delivery).findByRole('button', { name: 'Add delivery address' }));
    const dialog = await fillNewAddress(user);
    // a colleague added a billing address meanwhile
    const otherBilling = { ...aCompanyInfo().billingAddresses[0]!, pk: 22, name: 'Branch office' };
    server.info = {
      ...server.info,
      version: 4,
      billingAddresses: [...server.info.billingAddresses, otherBilling],
    };
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Someone else changed the addresses in the meantime.',
    );
    expect(companyInfo).toHaveBeenCalledTimes(2);
    expect(within(dialog).getByLabelText('Address name')).toHaveValue('Back door');
    // behind the dialog (hidden from the accessibility tree while it is open) the list is the new copy
    expect(await screen.findByRole('article', { name: 'Branch office', hidden: true })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(delivery).findByRole('article', { name: 'Back door' })).toBeVisible();
    // the colleague's billing address survives: the PUT was built from the reloaded copy
    expect(saveCompanyInfo.mock.calls[1]?.[0].billingAddresses.map((a) => a.pk)).toEqual([21, 22]);
  });

  it('shows an address the server does not know as a message and reloads the list', async () => {
    const user = userEvent.setup();
    const { api, server, saveCompanyInfo } = companyFakeApi();
    renderPortal({ path: '/settings/addresses/', api });
    const delivery = await findList('Delivery addresses');
    await user.click(await within(delivery).findByRole('button', { name: 'Delete address Warehouse' }));
    saveCompanyInfo.mockRejectedValueOnce(apiError(400, 'invalid'));
    server.info = { ...server.info, deliveryAddresses: server.info.deliveryAddresses.slice(0, 1) };
    const confirm = await screen.findByRole('dialog', { name: 'Delete address?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'This address is no longer in the company information.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(delivery).queryByRole('article', { name: 'Warehouse' })).not.toBeInTheDocument();
  });

  it('shares one load with the company section, and Retry works after a failed load', async () => {
    const user = userEvent.setup();
    const { api, companyInfo } = companyFakeApi();
    companyInfo.mockRejectedValueOnce(apiError(503));
    const { location } = renderPortal({ path: '/settings/addresses/', api });
    await user.click(await screen.findByRole('button', { name: 'Retry' }, { timeout: 60_000 }));
    expect(await screen.findByRole('article', { name: 'Main shop' })).toBeVisible();
    act(() => location.navigate('/settings/company/'));
    expect(await screen.findByText('Corner Shop Ltd', {}, { timeout: 60_000 })).toBeVisible();
    expect(companyInfo).toHaveBeenCalledTimes(2);
  });
});
