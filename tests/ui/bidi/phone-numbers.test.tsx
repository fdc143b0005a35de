import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import ar from '../../../src/locales/ar.json';
import { cans, oil, twoWarehouses } from '../cart/support/cartData';
import { fakeApi } from '../cart/support/fakeApi';
import { renderPortal } from '../cart/support/renderPortal';

/**
 * A phone number is digits and spaces only: in an Arabic line its groups would be laid out right to
 * left ("1234 30 49+"). Shown in an element of its own that runs left to right, it reads as dialled.
 */
function expectLeftToRight(element: HTMLElement, phone: string) {
  const isolating = element.closest<HTMLElement>('[dir="ltr"]');
  expect(isolating, `"${phone}" has no dir="ltr" around it`).not.toBeNull();
  expect(isolating?.textContent?.trim()).toBe(phone);
}

afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('phone numbers in an Arabic screen', { timeout: 60_000 }, () => {
  it('the order confirmation shows each operator’s phone left to right', async () => {
    const user = userEvent.setup();
    renderPortal({ api: fakeApi({ cart: [oil, cans], preview: twoWarehouses }) });
    await user.click(await screen.findByRole('button', { name: /^cart/i }, { timeout: 60_000 }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Cart' }));
    await user.click(await drawer.findByRole('button', { name: 'Order' }));
    await screen.findByRole('dialog', { name: 'Confirm your order' });
    i18next.addResourceBundle('ar', 'translation', ar, true, true);
    await act(() => i18next.changeLanguage('ar'));
    const confirm = within(await screen.findByRole('dialog', { name: ar.checkout.confirmTitle }));
    expectLeftToRight(await confirm.findByText('+49 30 1234'), '+49 30 1234');
    expectLeftToRight(confirm.getByText('+49 89 5678'), '+49 89 5678');
  });
});
