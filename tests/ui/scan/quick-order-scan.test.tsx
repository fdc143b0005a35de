import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProductLookup } from '../../../src/services/api/quick-order';
import { boxedProduct, units } from '../../../src/test/builders';
import { type FakeApi, fakeApi } from '../cart/support/fakeApi';
import { renderPortal } from '../cart/support/renderPortal';

// The quick order's scan button without a camera (jsdom has none): the dialog opens to type the code,
// checks it, finds the product and the unit the code is printed on, and the confirmed line becomes a
// typed row that the usual check previews.

const product = { ...boxedProduct, stockCode: 'BOX-7', name: 'Tea glasses' };
// the GTIN-14 of the product's box (indicator 1), and the same with a wrong check digit
const BOX_CODE = '14000000000003';
const WRONG_CHECK_DIGIT = '14000000000004';

function scanApi(): FakeApi & { productByGtin: ReturnType<typeof vi.fn> } {
  const productByGtin = vi.fn(async (gtin: string) =>
    gtin === BOX_CODE ? { product, unit: 2, gtin } : null,
  );
  const lookUpProducts = vi.fn(
    async (codes: string[]): Promise<ProductLookup> => ({
      matches: codes.filter((code) => code === 'BOX-7').map((code) => ({ code, product })),
      notFound: codes.filter((code) => code !== 'BOX-7'),
      units,
    }),
  );
  const base = fakeApi({ cart: [], found: [product] });
  const extra: Record<string, unknown> = { productByGtin, lookUpProducts };
  return new Proxy(base, {
    get: (target, name) => extra[name as string] ?? target[name as keyof typeof target],
  }) as FakeApi & { productByGtin: typeof productByGtin };
}

/** The quick order's typed lines (the header has a scan button of its own). */
const typedForm = () => {
  const form = screen.getByRole('heading', { name: 'Type stock codes' }).closest('form');
  if (!form) throw new Error('no typed lines form');
  return form;
};

describe('scanning into the quick order', { timeout: 60_000 }, () => {
  it('a typed case code selects the box; the confirmed line is previewed in boxes', async () => {
    const user = userEvent.setup();
    const api = scanApi();
    renderPortal({ path: '/settings/quick-order/', api });
    await user.click(await screen.findByText('Or type or paste stock codes', {}, { timeout: 60_000 }));
    await user.click(within(typedForm()).getByRole('button', { name: 'Scan a barcode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan a barcode' });

    // no camera here: the dialog says so and asks for the number
    expect(within(dialog).getByText(/This device has no camera/)).toBeInTheDocument();
    const box = within(dialog).getByRole('textbox', { name: 'Barcode number' });
    await user.type(box, WRONG_CHECK_DIGIT);
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `Not a product barcode (check digit): ${WRONG_CHECK_DIGIT}`,
    );
    // without a camera there is no "Scan again"
    expect(within(dialog).queryByRole('button', { name: 'Scan again' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Type the code' }));
    const again = within(dialog).getByRole('textbox', { name: 'Barcode number' });
    await user.clear(again);
    await user.type(again, BOX_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect(await within(dialog).findByText('This code is on: box')).toBeInTheDocument();
    expect(api.productByGtin).toHaveBeenCalledWith(BOX_CODE, expect.anything());
    expect(within(dialog).getByRole('combobox', { name: 'Unit' })).toHaveValue('2');
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    expect(quantity).toHaveValue('1');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    // the line is a typed row: stock code, quantity and the unit's name
    expect(await screen.findByDisplayValue('BOX-7')).toBeInTheDocument();
    expect(screen.getByDisplayValue('3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check typed lines' }));
    const unitOfRow1 = await screen.findByRole('combobox', { name: /Unit.*1/ });
    expect(within(unitOfRow1).getByRole('option', { selected: true })).toHaveTextContent(/box/);
  });

  it('an unknown code says no product has it', async () => {
    const user = userEvent.setup();
    renderPortal({ path: '/settings/quick-order/', api: scanApi() });
    await user.click(await screen.findByText('Or type or paste stock codes', {}, { timeout: 60_000 }));
    await user.click(within(typedForm()).getByRole('button', { name: 'Scan a barcode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan a barcode' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Barcode number' }), '4000009999998');
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No product has the code 4000009999998',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Scan a barcode' })).not.toBeInTheDocument();
  });
});
