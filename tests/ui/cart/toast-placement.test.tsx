import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../src/locales/en.json';
import { oil } from './support/cartData';
import { renderPortal } from './support/renderPortal';

// A toast covered the first cart line. While the drawer is open, toasts go up into its title bar
// and beside it, on its start side: the right in English, the left in Arabic (the page mirrors).

async function toastArea(text: string) {
  act(() => {
    toast(text);
  });
  const shown = await screen.findByText(text);
  const area = shown.closest('[data-sonner-toaster]');
  if (!(area instanceof HTMLElement)) throw new Error('the toast is outside the toast area');
  return area;
}

const openCart = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: /^cart/i }, { timeout: 60_000 }));
  const drawer = within(await screen.findByRole('dialog', { name: 'Cart' }));
  await drawer.findByRole('listitem', { name: 'Sunflower oil 1 l' });
};

afterEach(async () => {
  toast.dismiss();
  await i18next.changeLanguage('en');
});

describe('toast placement', { timeout: 60_000 }, () => {
  it('puts toasts below the header while the drawer is closed, beside it and off its lines while open', async () => {
    const user = userEvent.setup();
    renderPortal({ data: { cart: [oil] } });
    await screen.findByRole('button', { name: /^cart/i }, { timeout: 60_000 });
    const closed = await toastArea('Closed drawer');
    expect(closed).toHaveAttribute('data-x-position', 'right');
    expect(closed.style.getPropertyValue('--offset-top')).toBe('64px');
    expect(closed.style.getPropertyValue('--mobile-offset-top')).toBe('116px'); // below the phone header's search row;

    await openCart(user);
    const open = await toastArea('Open drawer');
    expect(open.style.getPropertyValue('--offset-top')).toBe('4px');
    expect(open.style.getPropertyValue('--mobile-offset-top')).toBe('4px');
    expect(open.style.getPropertyValue('--offset-right')).toContain('28rem');
  });

  it('in Arabic keeps them on the left, beside the drawer that opens there', async () => {
    i18next.addResourceBundle('ar', 'translation', en, true, false);
    await i18next.changeLanguage('ar');
    const user = userEvent.setup();
    renderPortal({ data: { cart: [oil] } });
    await openCart(user);
    const open = await toastArea('Open drawer');
    expect(open).toHaveAttribute('data-x-position', 'left');
    expect(open.style.getPropertyValue('--offset-left')).toContain('28rem');
    expect(open.style.getPropertyValue('--offset-top')).toBe('4px');
  });
});
