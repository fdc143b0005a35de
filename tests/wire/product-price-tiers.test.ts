import { describe, expect, it } from 'vitest';
import {
  campaignProductWire,
  productWire,
  toCampaignProduct,
  toProduct,
} from '../../src/services/api/wire/catalog';

/** A product of spec point 3 as a backend without contract prices sends it. */
const specProduct = {
  id: 7,
  name: 'Apple juice',
  description: '1 l bottle',
  image: 'https://cdn.supplier.test/7.jpg',
  brand: { id: 1, name: 'Orchard' },
  category: { id: 2, name: 'Drinks' },
  price: '1.20',
  tax_included: true,
  tax_rate_percent: '7',
  deposit_price: '0.25',
  stock_code: 'AJ-1',
  barcode: '4001234567890',
  quantity_in_stock: 12,
  unit_amounts: [{ unit: 1, amount: '1' }],
};

const read = (answer: unknown) => toProduct(productWire.parse(answer));
const issuePaths = (answer: unknown) => {
  const result = productWire.safeParse(answer);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('a product answer with the customer’s price steps and contract price', () => {
  it('reads the steps (text or JSON numbers) and the contract flag', () => {
    const product = read({
      ...specProduct,
      price_tiers: [
        { min_quantity: '10', price: '1.00' },
        { min_quantity: 50, price: 0.9 },
      ],
      contract_price: true,
    });
    expect(product.priceTiers).toEqual([
      { minQuantity: '10', price: '1.00' },
      { minQuantity: '50', price: '0.9' },
    ]);
    expect(product.contractPrice).toBe(true);
  });

  it('leaves both out when the backend sends neither: a specification backend’s product is as before', () => {
    const product = read(specProduct);
    expect(product.priceTiers).toBeUndefined();
    expect(product.contractPrice).toBeUndefined();
    // no key at all, so a product compares equal to what it was before (toStrictEqual included)
    expect(Object.keys(product).filter((key) => key === 'priceTiers' || key === 'contractPrice')).toEqual([]);
  });

  it('reads them on a campaign product too', () => {
    const product = toCampaignProduct(
      campaignProductWire.parse({
        ...specProduct,
        campaign_id: 3,
        new_price: '0.95',
        price_tiers: [{ min_quantity: '24', price: '0.90' }],
      }),
    );
    expect(product).toMatchObject({ newPrice: '0.95', priceTiers: [{ minQuantity: '24', price: '0.90' }] });
  });

  it.each([
    ['a step at one unit', [{ min_quantity: '1', price: '1.00' }], 'price_tiers.0.min_quantity'],
    ['a step below one unit', [{ min_quantity: '0.5', price: '1.00' }], 'price_tiers.0.min_quantity'],
    ['a minimum that is no decimal', [{ min_quantity: 'ten', price: '1.00' }], 'price_tiers.0.min_quantity'],
    ['a price that is no decimal', [{ min_quantity: '10', price: '1,00' }], 'price_tiers.0.price'],
    ['a price in exponent notation', [{ min_quantity: '10', price: 1e21 }], 'price_tiers.0.price'],
    ['a step without its price', [{ min_quantity: '10' }], 'price_tiers.0.price'],
    ['steps that are no list', { min_quantity: '10', price: '1.00' }, 'price_tiers'],
  ])('refuses %s, like any malformed answer', (_, tiers, path) => {
    expect(issuePaths({ ...specProduct, price_tiers: tiers })).toEqual([path]);
  });

  it('refuses a contract flag that is no boolean', () => {
    expect(issuePaths({ ...specProduct, contract_price: 'yes' })).toEqual(['contract_price']);
  });
});
