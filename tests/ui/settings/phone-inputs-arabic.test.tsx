import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ar from '../../../src/locales/ar.json';
import { renderPortal } from '../cart/support/renderPortal';
import { companyFakeApi } from './support/company-fake-api';
import { usersFakeApi } from './support/users-fake-api';

// "+90 212 555 01 01" typed into a field that takes the page's right-to-left direction shows its
// groups reversed; a phone field runs left to right in every language.
const slow = { timeout: 60_000 };

beforeEach(async () => {
  i18next.addResourceBundle('ar', 'translation', ar, true, true);
  await act(() => i18next.changeLanguage('ar'));
});
afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('phone fields in Arabic settings', { timeout: 60_000 }, () => {
  it('the company edit form takes phone numbers left to right', async () => {
    const user = userEvent.setup();
    renderPortal({ path: '/settings/company/', api: companyFakeApi().api });
    const section = await screen.findByRole('region', { name: ar.settings.company.title }, slow);
    // the read view shows them left to right too
    expect(await within(section).findByText('+90 212 555 01 01')).toHaveAttribute('dir', 'ltr');
    await user.click(within(section).getByRole('button', { name: ar.settings.company.edit }));
    for (const label of [ar.settings.company.landlineNumber, ar.settings.company.mobileNumber]) {
      const field = within(section).getByLabelText(label);
      expect(field).toHaveAttribute('type', 'tel');
      expect(field).toHaveAttribute('dir', 'ltr');
    }
    expect(within(section).getByLabelText(ar.settings.company.landlineNumber)).toHaveValue(
      '+90 212 555 01 01',
    );
  });

  it('the own account form takes phone numbers left to right', async () => {
    renderPortal({ path: '/settings/account/', api: usersFakeApi() });
    for (const label of [ar.settings.users.fields.landlinePhone, ar.settings.users.fields.mobilePhone]) {
      const field = await screen.findByLabelText(label, {}, slow);
      expect(field).toHaveAttribute('dir', 'ltr');
    }
  });
});
