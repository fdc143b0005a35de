import type {
  Announcement,
  AppNotification,
  Brand,
  Campaign,
  CampaignPrice,
  CampaignProduct,
  Category,
  PortalDocument,
  Product,
} from '../../domain/types';

/** One piece of oil at 10.00 net, no tax, no deposit, 100 in stock, sold by the piece only. */
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

/** aProduct at campaign 9's price of 8.00. */
export function aCampaignProduct(overrides: Partial<CampaignProduct> = {}): CampaignProduct {
  return { ...aProduct(), campaignId: 9, newPrice: '8.00', ...overrides };
}

/** 12 pieces a box, 40 boxes a pallet. */
export const boxedProduct = aProduct({
  id: 7,
  unitAmounts: [
    { unit: 2, amount: '12' },
    { unit: 3, amount: '40' },
  ],
});

export function aBrand(overrides: Partial<Brand> = {}): Brand {
  return { id: 1, name: 'Brand', image: null, ...overrides };
}

export function aCategory(overrides: Partial<Category> = {}): Category {
  return { id: 1, name: 'Oils', ...overrides };
}

/** A campaign running from thirty days ago to sixty days ahead, so it runs whenever the tests run. */
export function aCampaign(overrides: Partial<Campaign> = {}): Campaign {
  const day = 86_400_000;
  return {
    id: 9,
    name: 'Oil week',
    description: '',
    banner: '',
    startsAt: new Date(Date.now() - 30 * day).toISOString(),
    endsAt: new Date(Date.now() + 60 * day).toISOString(),
    ...overrides,
  };
}

export function aCampaignPrice(overrides: Partial<CampaignPrice> = {}): CampaignPrice {
  return { product: aProduct(), campaignId: 9, newPrice: '8.00', ...overrides };
}

/** Unread, created now. */
export function aNotification(overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id: 1,
    name: 'Your order is on its way',
    description: '',
    createdAt: new Date().toISOString(),
    read: false,
    ...overrides,
  };
}

export function anAnnouncement(overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: 1,
    name: 'Closed on Monday',
    description: '',
    type: 'info',
    read: false,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** A published price list of 24 KiB. */
export function aDocument(overrides: Partial<PortalDocument> = {}): PortalDocument {
  return {
    id: 'doc-3',
    type: 'price_list',
    name: 'Price list 2027',
    createdAt: '2026-11-02T12:00:00.000Z',
    size: 24_576,
    contentType: 'application/pdf',
    file: 'netb2b/documents/3/file/',
    fileName: 'price-list-2027.pdf',
    ...overrides,
  };
}
