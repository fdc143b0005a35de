import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoClaims } from '../support/fakeSession';
import { catalogueApi, gouda, renderPortal, water } from './support';

async function openFromSearch(name: RegExp, options: Parameters<typeof renderPortal>[0] = {}) {
  const user = userEvent.setup();
  renderPortal(options);
  await user.type(await screen.findByRole('combobox', { name: 'Search products' }, { timeout: 60_000 }), 'x');
  await user.click(await screen.findByRole('option', { name }));
  const dialog = within(await screen.findByRole('dialog'));
  // the ordering part appears once the units are in
  await dialog.findByRole('combobox', { name: 'Unit' });
  return { user, dialog };
}

describe('product dialog', () => {
  it('shows name, SKU, barcode, brand, category, stock, price, units per pack and description', async () => {
    const { dialog } = await openFromSearch(/^Alpenhof Käse Gouda/);
    expect(dialog.getByRole('heading', { name: gouda.name })).toBeInTheDocument();
    expect(dialog.getByText('SKU').nextElementSibling).toHaveTextContent('DAI-00001');
    expect(dialog.getByText('Barcode').nextElementSibling).toHaveTextContent('4000000000013');
    expect(dialog.getByRole('link', { name: 'Alpenhof' })).toHaveAttribute('href', '/catalog/brand/4');
    expect(dialog.getByRole('link', { name: 'Dairy & Cheese' })).toHaveAttribute(
      'href',
      '/catalog/category/2',
    );
    expect(dialog.getByText('In stock')).toBeInTheDocument();
    // decision 005: the buyer's basis is gross, 1,234.50 + 7 % VAT, rounded to cents
    expect(dialog.getAllByText('€1,320.92').length).toBeGreaterThan(0);
    expect(dialog.getByText('incl. VAT')).toBeInTheDocument();
    const packs = dialog.getByRole('region', { name: 'Units per pack' });
    expect(within(packs).getByText('1 box holds 12 pieces')).toBeInTheDocument();
    expect(within(packs).getByText('1 pallet holds 20 boxes')).toBeInTheDocument();
    expect(dialog.getByRole('region', { name: 'Description' })).toHaveTextContent('Young Gouda, sliced.');
    expect(dialog.getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
  });

  it('the image enlarges on a click and shrinks on the next', async () => {
    const { user, dialog } = await openFromSearch(/^Alpenhof Käse Gouda/);
    const image = dialog.getByRole('button', { name: 'Enlarge image' });
    expect(image).toHaveAttribute('aria-pressed', 'false');
    await user.click(image);
    expect(image).toHaveAttribute('aria-pressed', 'true');
    await user.click(image);
    expect(image).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the amount per unit of the chosen unit and the line amount', async () => {
    const { user, dialog } = await openFromSearch(/^Alpenhof Käse Gouda/);
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Unit' }), 'box');
    expect(dialog.getByText('Amount per unit').nextElementSibling).toHaveTextContent('1 box holds 12 pieces');
    // 1 box of 12 at its net price, with VAT on that line's net (decision 007)
    expect(dialog.getByText('Total:').parentElement).toHaveTextContent('€15,850.98');
  });

  it('quantity control: plus, minus, and a typed invalid amount with its message', async () => {
    const { user, dialog } = await openFromSearch(/^Alpenhof Käse Gouda/);
    const input = dialog.getByRole('textbox', { name: 'Quantity (piece)' });
    expect(input).toHaveValue('1');
    // minus never goes below 1
    await user.click(dialog.getByRole('button', { name: 'Decrease quantity' }));
    expect(input).toHaveValue('1');
    await user.click(dialog.getByRole('button', { name: 'Increase quantity' }));
    await user.click(dialog.getByRole('button', { name: 'Increase quantity' }));
    expect(dialog.getByRole('textbox', { name: /Quantity/ })).toHaveValue('3');
    await user.click(dialog.getByRole('button', { name: 'Decrease quantity' }));
    expect(dialog.getByRole('textbox', { name: /Quantity/ })).toHaveValue('2');

    const field = dialog.getByRole('textbox', { name: /Quantity/ });
    await user.clear(field);
    await user.type(field, 'abc');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'You have selected an invalid amount. Please use a valid number and try again.',
    );
    expect(field).toHaveAccessibleDescription(
      'You have selected an invalid amount. Please use a valid number and try again.',
    );
    // spec point 4: plus from an invalid value sets 2
    await user.click(dialog.getByRole('button', { name: 'Increase quantity' }));
    expect(field).toHaveValue('2');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an out-of-stock product disables the quantity control; its deposit and old price are shown', async () => {
    const { dialog } = await openFromSearch(/Mineral Water/);
    // the stock fact and the reason beside the disabled add button
    expect(dialog.getAllByText('Out of stock').length).toBeGreaterThan(0);
    expect(dialog.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    expect(dialog.getByRole('textbox', { name: /Quantity/ })).toBeDisabled();
    // decision 005, gross basis: 1.00 + 19 % VAT, before 1.20 + 19 %; the deposit is its own line
    const old = dialog.getAllByText('€1.43').find((element) => element.closest('del'));
    expect(old).toBeDefined();
    expect(dialog.getAllByText('€1.19').length).toBeGreaterThan(0);
    expect(dialog.getByText('+ €0.30 deposit per piece')).toBeInTheDocument();
  });

  it('a demo user sees the product but no price and no cart', async () => {
    const { dialog } = await openFromSearch(/Mineral Water/, { claims: demoClaims, api: catalogueApi() });
    expect(dialog.getByRole('heading', { name: water.name })).toBeInTheDocument();
    expect(dialog.queryByText(/€/)).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });

  it('opens from a product table on the home page too', async () => {
    const user = userEvent.setup();
    renderPortal();
    const featured = await screen.findByRole('region', { name: 'Featured products' }, { timeout: 60_000 });
    await user.click(await within(featured).findByRole('button', { name: /^Alpenhof Käse Gouda/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: gouda.name })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
