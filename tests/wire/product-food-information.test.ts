import { describe, expect, it } from 'vitest';
import { productWire, toProduct } from '../../src/services/api/wire/catalog';

/** A product of spec point 3 as a backend without food information sends it. */
const specProduct = {
  id: 7,
  name: 'Peanut butter',
  description: '350 g jar',
  image: 'https://cdn.supplier.test/7.jpg',
  brand: { id: 1, name: 'Orchard' },
  category: { id: 2, name: 'Spreads' },
  price: '3.20',
  tax_included: true,
  tax_rate_percent: '7',
  deposit_price: '0',
  stock_code: 'PB-1',
  barcode: '4001234567890',
  quantity_in_stock: 12,
  unit_amounts: [{ unit: 1, amount: '1' }],
};

const read = (answer: unknown) => toProduct(productWire.parse(answer));

describe('a product answer with ingredients and allergens', () => {
  it('reads the ingredients and the allergen codes', () => {
    const product = read({
      ...specProduct,
      ingredients: 'Peanuts 98 %, salt',
      allergens: ['peanuts', 'sesame'],
    });
    expect(product.ingredients).toBe('Peanuts 98 %, salt');
    expect(product.allergens).toEqual(['peanuts', 'sesame']);
  });

  it('drops an allergen code it does not know, so a newer server never makes the product unreadable', () => {
    const product = read({ ...specProduct, allergens: ['peanuts', 'kiwi', 'milk'] });
    expect(product.allergens).toEqual(['peanuts', 'milk']);
  });

  it('leaves both out when the backend sends neither: a specification backend’s product is as before', () => {
    const product = read(specProduct);
    expect(Object.keys(product).filter((key) => key === 'ingredients' || key === 'allergens')).toEqual([]);
  });

  it('refuses allergens that are no list of texts, like any malformed answer', () => {
    const result = productWire.safeParse({ ...specProduct, allergens: 'milk,eggs' });
    expect(result.success).toBe(false);
  });
});
