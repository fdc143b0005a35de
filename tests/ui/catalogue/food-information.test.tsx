import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/domain/types';
import de from '../../../src/locales/de.json';
import { aCatalogueProduct, catalogueApi, renderPortal } from './support';

/** A Gouda whose label declares its ingredients and two allergens. */
const declaredGouda = aCatalogueProduct({
  ingredients: 'Pasteurised milk, salt, rennet, mustard seeds',
  allergens: ['milk', 'mustard'],
});

async function openDialog(product: Product) {
  const user = userEvent.setup();
  renderPortal({ api: catalogueApi({ searchProducts: async () => [product] }) });
  await user.type(await screen.findByRole('combobox', { name: /./ }, { timeout: 60_000 }), 'x');
  await user.click(await screen.findByRole('option', { name: /Alpenhof Käse Gouda/ }));
  const dialog = within(await screen.findByRole('dialog'));
  // the ordering part appears once the units are in: the dialog is complete
  await dialog.findByRole('combobox');
  return dialog;
}

const allergenNames = (dialog: ReturnType<typeof within>, heading: string) =>
  within(dialog.getByRole('region', { name: heading }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('the product dialog’s food information', () => {
  it('shows the ingredients and names the allergens, emphasised', async () => {
    const dialog = await openDialog(declaredGouda);
    expect(dialog.getByRole('region', { name: 'Ingredients' })).toHaveTextContent(
      'Pasteurised milk, salt, rennet, mustard seeds',
    );
    expect(allergenNames(dialog, 'Allergens')).toEqual(['Milk', 'Mustard']);
    expect(within(dialog.getByRole('region', { name: 'Allergens' })).getByText('Milk').tagName).toBe(
      'STRONG',
    );
  });

  it('in German', async () => {
    i18next.addResourceBundle('de', 'translation', de);
    await i18next.changeLanguage('de');
    const dialog = await openDialog(declaredGouda);
    expect(dialog.getByRole('region', { name: 'Zutaten' })).toBeInTheDocument();
    expect(allergenNames(dialog, 'Allergene')).toEqual(['Milch', 'Senf']);
  });

  it('shows the allergens alone when no ingredients are given', async () => {
    const dialog = await openDialog(aCatalogueProduct({ allergens: ['eggs'] }));
    expect(allergenNames(dialog, 'Allergens')).toEqual(['Eggs']);
    expect(dialog.queryByRole('region', { name: 'Ingredients' })).toBeNull();
  });

  it('has no such section for a product that declares neither', async () => {
    const dialog = await openDialog(aCatalogueProduct());
    expect(dialog.getByRole('region', { name: 'Description' })).toBeInTheDocument();
    expect(dialog.queryByRole('region', { name: 'Ingredients' })).toBeNull();
    expect(dialog.queryByRole('region', { name: 'Allergens' })).toBeNull();
  });
});
