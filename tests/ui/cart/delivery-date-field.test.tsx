import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../src/locales/ar.json';
import de from '../../../src/locales/de.json';
import { oil, twoWarehouses } from './support/cartData';
import { fakeApi } from './support/fakeApi';
import { renderPortal } from './support/renderPortal';

// The app writes dates as dd.mm.yyyy in every language; the browser's own date input wrote them the
// browser's way (12/03/2026). The delivery date is typed and shown as the app writes it.

const pad = (n: number) => String(n).padStart(2, '0');
function daysFromToday(days: number) {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return {
    iso: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`,
    shown: `${pad(day.getDate())}.${pad(day.getMonth() + 1)}.${day.getFullYear()}`,
  };
}
const arabicIndic = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

async function openCart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^cart/i }, { timeout: 60_000 }));
  return within(await screen.findByRole('dialog', { name: 'Cart' }));
}
async function switchTo(language: 'de' | 'ar') {
  i18next.addResourceBundle(language, 'translation', language === 'de' ? de : ar, true, true);
  await act(() => i18next.changeLanguage(language));
}

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => i18next.changeLanguage('en'));
});

describe('the delivery date field', { timeout: 60_000 }, () => {
  it('shows the earliest date as dd.mm.yyyy with the range it accepts', async () => {
    const user = userEvent.setup();
    renderPortal({ data: { cart: [oil] } });
    const drawer = await openCart(user);
    const date = await drawer.findByRole('textbox', { name: 'Delivery date' });
    const earliest = daysFromToday(7);
    expect(date).toHaveValue(earliest.shown);
    // the latest is the same day a year from today (the last of February after a 29 February)
    const nextYear = new Date().getFullYear() + 1;
    expect(date).toHaveAccessibleDescription(
      new RegExp(
        `^Day\\.month\\.year, from ${earliest.shown.replaceAll('.', '\\.')} to \\d\\d\\.\\d\\d\\.${nextYear}$`,
      ),
    );
  });

  it('orders the date typed in German as the app writes it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil], preview: twoWarehouses, orderId: 7 });
    renderPortal({ api });
    const drawer = await openCart(user);
    await switchTo('de');
    const date = await drawer.findByRole('textbox', { name: de.cart.deliveryDate });
    const chosen = daysFromToday(10);
    await user.clear(date);
    await user.type(date, chosen.shown);
    expect(date).toHaveValue(chosen.shown);
    await user.click(drawer.getByRole('button', { name: de.cart.order }));
    const confirm = within(await screen.findByRole('dialog', { name: de.checkout.confirmTitle }));
    expect(await confirm.findByText(chosen.shown, { exact: false })).toBeVisible();
    await confirm.findByRole('heading', { name: /North/ });
    await user.click(confirm.getByRole('button', { name: de.checkout.confirm }));
    await vi.waitFor(() => expect(api.placeOrder).toHaveBeenCalledTimes(1));
    expect(api.placeOrder.mock.calls[0]?.[0]).toMatchObject({ expectedDeliveryDate: chosen.iso });
  });

  it('takes Arabic-Indic digits in Arabic and shows what was typed', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil], preview: twoWarehouses, orderId: 8 });
    renderPortal({ api });
    const drawer = await openCart(user);
    await switchTo('ar');
    const date = await drawer.findByRole('textbox', { name: ar.cart.deliveryDate });
    expect(date).toHaveAttribute('dir', 'ltr');
    const chosen = daysFromToday(12);
    await user.clear(date);
    await user.type(date, arabicIndic(chosen.shown));
    expect(date).toHaveValue(arabicIndic(chosen.shown));
    await user.click(drawer.getByRole('button', { name: ar.cart.order }));
    const confirm = within(await screen.findByRole('dialog', { name: ar.checkout.confirmTitle }));
    expect(await confirm.findByText(chosen.shown, { exact: false })).toBeVisible();
  });

  it('refuses a date that is not complete and sends nothing', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil], preview: twoWarehouses });
    renderPortal({ api });
    const drawer = await openCart(user);
    const date = await drawer.findByRole('textbox', { name: 'Delivery date' });
    await user.clear(date);
    await user.type(date, '31.02.2031');
    await user.click(drawer.getByRole('button', { name: 'Order' }));
    expect(await drawer.findByRole('alert')).toHaveTextContent('Invalid delivery date.');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveValue('31.02.2031');
    expect(screen.queryByRole('dialog', { name: 'Confirm your order' })).not.toBeInTheDocument();
    expect(api.placeOrder).not.toHaveBeenCalled();
  });

  it('opens the browser’s calendar from its button and shows the day chosen there', async () => {
    const user = userEvent.setup();
    const chosen = daysFromToday(20);
    // the browser's calendar, answering with the day the buyer picks
    const showPicker = vi.fn(function (this: HTMLInputElement) {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(this, chosen.iso);
      this.dispatchEvent(new Event('input', { bubbles: true }));
      this.dispatchEvent(new Event('change', { bubbles: true }));
    });
    Object.defineProperty(HTMLInputElement.prototype, 'showPicker', {
      value: showPicker,
      configurable: true,
    });
    try {
      renderPortal({ data: { cart: [oil] } });
      const drawer = await openCart(user);
      await user.click(await drawer.findByRole('button', { name: 'Choose the delivery date in a calendar' }));
      expect(showPicker).toHaveBeenCalledTimes(1);
      expect(drawer.getByRole('textbox', { name: 'Delivery date' })).toHaveValue(chosen.shown);
    } finally {
      Reflect.deleteProperty(HTMLInputElement.prototype, 'showPicker');
    }
  });
});
