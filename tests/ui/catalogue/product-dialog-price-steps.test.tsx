import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import tr from '../../../src/locales/tr.json';
import { box, pallet, piece, units } from '../../../src/test/builders';
import { aCatalogueProduct, catalogueApi, renderPortal } from './support';

/** The customer's contract price for the Gouda: 1,200.00 net a piece, 1,100.00 from 12, 1,000.00 from 240. */
const contractedGouda = aCatalogueProduct({
  price: '1200.00',
  priceTiers: [
    { minQuantity: '12', price: '1100.00' },
    { minQuantity: '240', price: '1000.00' },
  ],
  contractPrice: true,
});

/** The unit names a Turkish customer's server answers with. */
const turkishUnits = [
  { ...piece, name: 'adet', namePlural: 'adet' },
  { ...box, name: 'koli', namePlural: 'koli' },
  { ...pallet, name: 'palet', namePlural: 'palet' },
];

async function openContractedGouda(productUnits = units) {
  const user = userEvent.setup();
  renderPortal({
    api: catalogueApi({
      searchProducts: async () => [contractedGouda],
      productUnits: async () => productUnits,
    }),
  });
  await user.type(await screen.findByRole('combobox', { name: /./ }, { timeout: 60_000 }), 'x');
  await user.click(await screen.findByRole('option', { name: /Alpenhof Käse Gouda/ }));
  const dialog = within(await screen.findByRole('dialog'));
  // the steps are counted in the primary unit: they show once the units are in
  await dialog.findByRole('combobox');
  return dialog;
}

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('the product dialog with the customer’s contract price and steps', () => {
  it('labels the price "Your price" and lists the steps per piece, VAT included (7 %)', async () => {
    const dialog = await openContractedGouda();
    // 1,200.00 × 1.07 = 1,284.00
    expect(dialog.getByText('Your price').parentElement).toHaveTextContent('€1,284.00');
    const steps = dialog.getByRole('region', { name: 'Volume prices' });
    // 1,100.00 × 1.07 = 1,177.00; 1,000.00 × 1.07 = 1,070.00
    expect(within(steps).getByText('from 12 pieces').nextElementSibling).toHaveTextContent(
      '€1,177.00per piece',
    );
    expect(within(steps).getByText('from 240 pieces').nextElementSibling).toHaveTextContent(
      '€1,070.00per piece',
    );
  });

  it('in Turkish', async () => {
    i18next.addResourceBundle('tr', 'translation', tr);
    await i18next.changeLanguage('tr');
    const dialog = await openContractedGouda(turkishUnits);
    expect(dialog.getByText('Size özel fiyat').parentElement).toHaveTextContent('1.284,00 €');
    const steps = dialog.getByRole('region', { name: 'Kademeli fiyatlar' });
    expect(within(steps).getByText('12 adet ve üzeri').nextElementSibling).toHaveTextContent(
      '1.177,00 €adet başına',
    );
  });
});
