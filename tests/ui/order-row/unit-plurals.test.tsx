import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CartItem, Unit } from '../../../src/domain/types';
import ar from '../../../src/locales/ar.json';
import { aCartItem } from '../../../src/test/builders';
import { aCatalogueProduct, catalogueApi, renderPortal } from '../catalogue/support';

// The unit choice beside a count names the unit in the form the count asks for in the interface
// language: Arabic says 3 to 10 كراتين but 11 كرتونًا and 100 كرتون (the singular), unlike English.

const arabicUnits: Unit[] = [
  { id: 1, base: null, name: 'قطعة', namePlural: 'قطع', isPrimary: true },
  { id: 2, base: 1, name: 'كرتون', namePlural: 'كراتين', isPrimary: false },
];
const flour = aCatalogueProduct({
  id: 4,
  name: 'Weizenmehl Type 405 1 kg',
  stockCode: 'BAK-00004',
  quantityInStock: 5000,
});
const salt = aCatalogueProduct({
  id: 3,
  name: 'Meersalz fein 500 g',
  stockCode: 'SPI-00003',
  quantityInStock: 5000,
});
const lines: CartItem[] = [
  aCartItem({ id: 404, product: flour, quantity: '11', unit: 2 }),
  aCartItem({ id: 403, product: salt, quantity: '3', unit: 2 }),
];

beforeAll(() => {
  i18next.addResourceBundle('ar', 'translation', ar, true, true);
});
afterEach(async () => {
  await i18next.changeLanguage('en');
});

const shownUnit = async (productName: string) => {
  const choice = await screen.findByRole(
    'combobox',
    { name: ar.orderRow.unitOf.replace('{{name}}', productName) },
    { timeout: 60_000 },
  );
  return within(choice).getByRole('option', { selected: true }).textContent;
};

describe('unit names beside a count, in Arabic', { timeout: 60_000 }, () => {
  it('a product list row of a line in the cart names the unit as its count asks', async () => {
    await i18next.changeLanguage('ar');
    renderPortal({
      path: '/products/',
      api: catalogueApi({
        productUnits: async () => arabicUnits,
        productPage: async () => ({ count: 2, next: null, previous: null, results: [flour, salt] }),
        cartItems: vi.fn(async () => lines),
      }),
    });
    expect(await shownUnit(flour.name)).toBe('كرتون');
    expect(await shownUnit(salt.name)).toBe('كراتين');
  });
});
