import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../src/locales/ar.json';
import type { ProductLookup } from '../../src/services/api/quick-order';
import { boxedProduct, units } from '../../src/test/builders';
import { type FakeApi, fakeApi } from './cart/support/fakeApi';
import { renderPortal } from './cart/support/renderPortal';

// The code lookup answers the units' names in the request's language, as the unit list does; in Arabic
// the preview says them as answered, in the form the quantity beside them asks for. It sends every
// language's names along, so a list written in English still orders in an Arabic interface.

/** 12 pieces a box, 40 boxes a pallet; 100 pieces in stock (8 boxes). */
const product = { ...boxedProduct, stockCode: 'BOX-7', name: 'Tea glasses' };

/**
 * The Arabic names the server keeps for the fixture units (seeded unit translations), and every
 * language's names it sends along, so a list written in English or German still orders.
 */
const arabicNames: Record<number, { name: string; namePlural: string; names: string[] }> = {
  1: { name: 'قطعة', namePlural: 'قطع', names: ['piece', 'pieces', 'Stück', 'قطعة', 'قطع'] },
  2: { name: 'كرتون', namePlural: 'كراتين', names: ['box', 'boxes', 'Karton', 'Kartons', 'كرتون', 'كراتين'] },
  3: { name: 'منصة', namePlural: 'منصات', names: ['pallet', 'pallets', 'Palette', 'منصة', 'منصات'] },
};

function lookupApi(): FakeApi {
  const lookUpProducts = vi.fn(
    async (codes: string[]): Promise<ProductLookup> => ({
      matches: codes.filter((code) => code === 'BOX-7').map((code) => ({ code, product })),
      notFound: codes.filter((code) => code !== 'BOX-7'),
      units: units.map((unit) => ({ ...unit, ...arabicNames[unit.id] })),
    }),
  );
  const base = fakeApi({ cart: [] });
  return new Proxy(base, {
    get: (target, name) => (name === 'lookUpProducts' ? lookUpProducts : target[name as keyof typeof target]),
  }) as FakeApi;
}

beforeEach(async () => {
  i18next.addResourceBundle('ar', 'translation', ar, true, true);
  await i18next.changeLanguage('ar');
});
afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('quick order in Arabic', { timeout: 60_000 }, () => {
  it('names the units of the preview in Arabic, in the number the quantity asks for', async () => {
    const user = userEvent.setup();
    renderPortal({ path: '/settings/quick-order/', api: lookupApi() });
    await user.click(await screen.findByText(ar.quickOrder.orTypeOrPaste, {}, { timeout: 60_000 }));
    await user.click(screen.getByLabelText(ar.quickOrder.pasteLabel));
    // a list written in Arabic names its units as the Arabic lookup does
    await user.paste('BOX-7;3;كرتون\nBOX-7;9;كراتين');
    await user.click(screen.getByRole('button', { name: ar.quickOrder.checkLines }));

    const unitOfRow1 = await screen.findByRole('combobox', { name: 'الوحدة في الصف 1' });
    expect(within(unitOfRow1).getByRole('option', { selected: true })).toHaveTextContent('كراتين');
    expect(
      within(unitOfRow1)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['قطع', 'كراتين', 'منصات']);
    // 3 + 9 boxes are more than the 8 in stock: the refusal names the unit in Arabic too
    expect(screen.getAllByText(/المخزون غير كافٍ: 8 كراتين على الأكثر/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/\bbox(es)?\b/)).not.toBeInTheDocument();
  });

  it('orders in the unit an English or German line names, shown in Arabic', async () => {
    const user = userEvent.setup();
    renderPortal({ path: '/settings/quick-order/', api: lookupApi() });
    await user.click(await screen.findByText(ar.quickOrder.orTypeOrPaste, {}, { timeout: 60_000 }));
    await user.click(screen.getByLabelText(ar.quickOrder.pasteLabel));
    await user.paste('BOX-7;1;box\nBOX-7;2;Kartons\nBOX-7;1;pallet-ish');
    await user.click(screen.getByRole('button', { name: ar.quickOrder.checkLines }));

    const unitOfRow1 = await screen.findByRole('combobox', { name: 'الوحدة في الصف 1' });
    expect(within(unitOfRow1).getByRole('option', { selected: true })).toHaveTextContent('كرتون');
    const unitOfRow2 = screen.getByRole('combobox', { name: 'الوحدة في الصف 2' });
    expect(within(unitOfRow2).getByRole('option', { selected: true })).toHaveTextContent('كراتين');
    // a word no language calls a unit of the product is still refused
    expect(screen.getAllByText(new RegExp(ar.quickOrder.invalidUnit)).length).toBeGreaterThan(0);
  });
});
