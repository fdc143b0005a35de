import { describe, expect, it } from 'vitest';
import { priceLine } from '../../src/domain/cart-totals';
import { hasFigures, shownPrices, WithheldFigureError } from '../../src/domain/pricing';
import { productListCsv } from '../../src/domain/product-csv';
import { maxQuantityInUnit } from '../../src/domain/units';
import { productWire, toCampaignPrice, toProduct } from '../../src/services/api/wire/catalog';
import { aProductWire, box, units } from '../../src/test/builders';

// A demo account's answers carry every price and stock figure as null.
const buyerWire = aProductWire({
  id: 7,
  name: 'Gouda',
  brand: { id: 1, name: 'Brand' },
  category: { id: 2, name: 'Dairy' },
  price: '4.20',
  old_price: '4.80',
  deposit_price: '0.25',
  stock_code: 'DAI-00007',
  barcode: '4000000000007',
  quantity_in_stock: 120,
  unit_amounts: [{ unit: box.id, amount: '12' }],
  campaign_id: 3,
  new_price: '3.90',
});
const demoWire = {
  ...buyerWire,
  price: null,
  old_price: null,
  deposit_price: null,
  quantity_in_stock: null,
  new_price: null,
};

const headers = {
  stockCode: 'Code',
  barcode: 'Barcode',
  name: 'Name',
  brand: 'Brand',
  category: 'Category',
  price: 'Price',
  oldPrice: 'Old price',
  inStock: 'In stock',
};

describe("a demo account's product", () => {
  it('parses, and keeps its figures null in the domain (no invented zero)', () => {
    const product = toProduct(productWire.parse(demoWire));
    expect(product).toMatchObject({
      price: null,
      oldPrice: null,
      depositPrice: null,
      quantityInStock: null,
      campaignId: 3,
      newPrice: null,
    });
    expect(hasFigures(product)).toBe(false);
    expect(hasFigures(toProduct(productWire.parse(buyerWire)))).toBe(true);
  });

  it('a campaign price entry keeps its null price', () => {
    const entry = toCampaignPrice({ product: productWire.parse(demoWire), campaign_id: 3, new_price: null });
    expect(entry.newPrice).toBeNull();
    expect(hasFigures(entry.product)).toBe(false);
  });

  it('is never priced: pricing it is a programming error, named as such', () => {
    const product = toProduct(productWire.parse(demoWire));
    expect(() => shownPrices(product, 'gross')).toThrow(WithheldFigureError);
    expect(() => priceLine({ product, quantity: '1', unitMultiplier: '1' }, 'net')).toThrow(
      WithheldFigureError,
    );
  });

  it('allows no quantity and exports empty price and stock cells', () => {
    const product = toProduct(productWire.parse(demoWire));
    expect(maxQuantityInUnit(product, box.id, units)).toBe(0);
    const csv = productListCsv([product], { headers, decimalPlaces: 2, basis: 'gross', language: 'en' });
    const row = csv.replace('\uFEFF', '').split('\r\n')[1];
    expect(row).toBe('DAI-00007,4000000000007,Gouda,Brand,Dairy,,,');
  });
});
