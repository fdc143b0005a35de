/** Wire bodies as the reference server sends them, for the cart and orders service tests. */
export const productWire = {
  id: 7,
  name: 'Apple juice',
  description: '1 l bottle',
  image: '/media/products/7.webp',
  brand: { id: 1, name: 'Orchard' },
  category: { id: 2, name: 'Drinks' },
  price: '1.20',
  old_price: null,
  tax_included: false,
  tax_rate_percent: '7',
  deposit_price: '0.25',
  stock_code: 'AJ-1',
  barcode: '4001234567890',
  quantity_in_stock: 12,
  unit_amounts: [{ unit: 2, amount: '6' }],
};

export const cartItemWire = { id: 31, product: productWire, quantity: '3', unit: 1 };
export const campaignCartItemWire = {
  id: 32,
  product: { ...productWire, id: 8, campaign_id: 3, new_price: '0.99' },
  quantity: '1',
  unit: 2,
};

export const orderWire = {
  id: 501,
  total: '7.70',
  created_at: '2026-11-20T10:00:00+01:00',
  is_finalized: false,
  finalized_at: null,
  expected_delivery_date: '2026-11-27',
  is_preorder: false,
  customer_note: 'Gate 2',
  suborders: [
    {
      id: 11,
      warehouse: { id: 1, name: 'North' },
      operator: { id: 4, name: 'Olga', phone: '+49 30 1234' },
      total: '7.70',
      status: 'open',
      created_at: '2026-11-20T10:00:00+01:00',
      items: [
        {
          product: productWire,
          amount: '7.20',
          tax_amount: '0.50',
          tax_included: false,
          quantity: '6',
          unit: 1,
          is_fulfilled: false,
          campaign: null,
        },
      ],
      extra_charges: [{ name: 'Delivery', amount: '0.50' }],
      estimated_delivery_date: null,
    },
  ],
};

const money = {
  subtotal: '7.20',
  discount_amount: '0.00',
  tax: '0.61',
  deposit_total: '1.50',
  total: '9.31',
};
export const orderPreviewWire = {
  totals: { ...money, total_without_tax: '8.70' },
  tax_applies: true,
  total: '9.81',
  suborders: [
    {
      warehouse: { id: 1, name: 'North' },
      operator: { id: 4, name: 'Olga', phone: '+49 30 1234' },
      items: [
        {
          product: 7,
          campaign: null,
          quantity: '6',
          unit: 1,
          amount: '7.20',
          discount_amount: '0.00',
          deposit_amount: '1.50',
          tax_amount: '0.61',
        },
      ],
      subtotal: '7.20',
      discount_amount: '0.00',
      deposit_total: '1.50',
      tax: '0.61',
      extra_charges: [{ name: 'Delivery', amount: '0.50' }],
      total: '9.81',
    },
  ],
};
