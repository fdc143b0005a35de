import type { CampaignProduct, Product, Unit } from '../../src/domain/types';

export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    name: 'Sunflower oil 1 l',
    description: '',
    image: '',
    brand: { id: 1, name: 'Brand' },
    category: { id: 1, name: 'Oils' },
    price: '10.00',
    oldPrice: null,
    taxIncluded: false,
    taxRatePercent: '0',
    depositPrice: '0',
    stockCode: 'OIL-1',
    barcode: '4000000000001',
    quantityInStock: 100,
    unitAmounts: [],
    ...overrides,
  };
}

export function aCampaignProduct(overrides: Partial<CampaignProduct> = {}): CampaignProduct {
  return { ...aProduct(), campaignId: 9, newPrice: '8.00', ...overrides };
}

export const piece: Unit = { id: 1, base: null, name: 'piece', namePlural: 'pieces', isPrimary: true };
export const box: Unit = { id: 2, base: 1, name: 'box', namePlural: 'boxes', isPrimary: false };
export const pallet: Unit = { id: 3, base: 2, name: 'pallet', namePlural: 'pallets', isPrimary: false };
export const units: Unit[] = [piece, box, pallet];

/** 12 pieces a box, 40 boxes a pallet. */
export const boxedProduct = aProduct({
  id: 7,
  unitAmounts: [
    { unit: 2, amount: '12' },
    { unit: 3, amount: '40' },
  ],
});
