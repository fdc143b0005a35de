import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/services/api/client';
import { ApiError } from '../../src/services/api/errors';
import * as wire from '../../src/services/api/wire';
import {
  anOrderLine,
  aProduct,
  aSuborder,
  toOrderItemWire,
  toProductWire,
  toSuborderWire,
} from '../../src/test/builders';
import { createFakeFetch, jsonResponse } from '../../src/test/fakeFetch';

/**
 * Every `*Wire` schema exported by src/services/api/wire has a case here (a test
 * below fails when a new schema has none): a sample as the server sends it, what it
 * maps to in the domain, and a malformed body with the field the error must name.
 */
type Case = {
  /** the exported schema a second case of it tests; the case's own name otherwise */
  schema?: string;
  sample: unknown;
  /** answers: wire → domain */
  toDomain?: (wire: never) => unknown;
  /** requests: domain → wire */
  fromDomain?: (domain: never) => unknown;
  domain?: unknown;
  malformed: unknown;
  /** the field path the parse error names */
  badPath: string;
};

const product = aProduct({
  id: 7,
  name: 'Apple juice',
  description: '1 l bottle',
  image: '/media/products/7.webp',
  brand: { id: 1, name: 'Orchard' },
  category: { id: 2, name: 'Drinks' },
  price: '1.20',
  oldPrice: '1.50',
  taxIncluded: true,
  taxRatePercent: '7',
  depositPrice: '0.25',
  stockCode: 'AJ-1',
  barcode: '4001234567890',
  quantityInStock: 12,
  unitAmounts: [
    { unit: 1, amount: '1' },
    { unit: 2, amount: '6' },
  ],
});
const productWire = toProductWire(product);
const campaignProduct = { ...product, campaignId: 3, newPrice: '0.99' };
const campaignProductWire = toProductWire(campaignProduct);
const billingWire = {
  pk: 1,
  name: 'HQ',
  line1: 'Main St 1',
  line2: '',
  suburb: 'Mitte',
  city: 'Berlin',
  state: 'BE',
  country: 'DE',
  postal_code: '10115',
};
const billing = { ...billingWire, postal_code: undefined, postalCode: '10115' };
delete billing.postal_code;
const deliveryWire = { ...billingWire, pk: 2, instructions: 'Ring twice' };
const delivery = { ...billing, pk: 2, instructions: 'Ring twice' };
const orderItem = anOrderLine({
  product,
  price: '7.20',
  taxPrice: '0.50',
  taxIncluded: true,
  quantity: '6',
  unit: 1,
  fulfilled: false,
  campaign: null,
});
const orderItemWire = toOrderItemWire(orderItem);
const suborder = aSuborder({
  id: 11,
  warehouse: { id: 1, name: 'North' },
  operator: { id: 4, name: 'Olga', phone: '+49 30 1234' },
  total: '7.70',
  status: 'open',
  createdAt: '2026-11-20T10:00:00+01:00',
  items: [orderItem],
  extraCharges: [{ name: 'Delivery', amount: '0.50' }],
  estimatedDeliveryDate: '2026-11-27',
});
const suborderWire = toSuborderWire(suborder);

const cases: Record<string, Case> = {
  // primitives
  namedRef: { sample: { id: 1, name: 'A' }, malformed: { id: -1, name: 'A' }, badPath: 'id' },
  // account
  billingAddressWire: {
    sample: billingWire,
    malformed: { ...billingWire, postal_code: 10115 },
    badPath: 'postal_code',
  },
  deliveryAddressWire: { sample: deliveryWire, malformed: { ...billingWire }, badPath: 'instructions' },
  companyInfoWire: {
    sample: {
      version: 4,
      name: 'Acme Foods',
      vat_number: 'DE123',
      landline_number: '030 1',
      mobile_number: '0170 1',
      email_addresses: ['a@acme.test', 'b@acme.test'],
      delivery_addresses: [deliveryWire],
      billing_addresses: [billingWire],
    },
    toDomain: wire.toCompanyInfo as never,
    domain: {
      version: 4,
      customerType: 'corporate',
      name: 'Acme Foods',
      vatNumber: 'DE123',
      landlineNumber: '030 1',
      mobileNumber: '0170 1',
      emailAddresses: ['a@acme.test', 'b@acme.test'],
      deliveryAddresses: [delivery],
      billingAddresses: [billing],
    },
    malformed: {
      version: 4,
      name: 'Acme',
      vat_number: 'DE',
      landline_number: '',
      mobile_number: '',
      email_addresses: 'a@acme.test',
      delivery_addresses: [],
      billing_addresses: [],
    },
    badPath: 'email_addresses',
  },
  companyInfoUpdateWire: {
    sample: {
      version: 4,
      name: 'Acme Foods',
      vat_number: 'DE123',
      landline_number: '030 1',
      mobile_number: '0170 1',
      email_addresses: ['a@acme.test'],
      delivery_addresses: [{ ...deliveryWire, pk: null }],
      billing_addresses: [billingWire],
    },
    fromDomain: wire.fromCompanyInfo as never,
    domain: {
      version: 4,
      customerType: 'corporate',
      name: 'Acme Foods',
      vatNumber: 'DE123',
      landlineNumber: '030 1',
      mobileNumber: '0170 1',
      emailAddresses: ['a@acme.test'],
      deliveryAddresses: [{ ...delivery, pk: null }],
      billingAddresses: [billing],
    },
    malformed: {
      version: 4,
      name: 'Acme Foods',
      vat_number: '',
      landline_number: '',
      mobile_number: '',
      email_addresses: ['not an address'],
      delivery_addresses: [],
      billing_addresses: [],
    },
    badPath: 'email_addresses.0',
  },
  accountUpdateWire: {
    sample: {
      first_name: 'Cem',
      last_name: 'Kaya',
      email: 'cem@acme.test',
      landline_phone: '',
      mobile_phone: '+49 170',
    },
    malformed: {
      first_name: 'Cem',
      last_name: 'Kaya',
      email: 'cem@acme.test',
      landline_phone: 'call me',
      mobile_phone: '',
    },
    badPath: 'landline_phone',
  },
  customerUserUpdateWire: {
    sample: {
      first_name: 'Cem',
      last_name: 'Kaya',
      email: 'cem@acme.test',
      landline_phone: '',
      mobile_phone: '',
      language: 'tr',
    },
    malformed: {
      first_name: '',
      last_name: 'Kaya',
      email: 'cem@acme.test',
      landline_phone: '',
      mobile_phone: '',
      language: 'tr',
    },
    badPath: 'first_name',
  },
  customerUserCreateWire: {
    sample: {
      username: 'cem.kaya',
      first_name: 'Cem',
      last_name: 'Kaya',
      email: 'cem@acme.test',
      landline_phone: '',
      mobile_phone: '',
      language: 'tr',
      password: 'secret1',
    },
    malformed: {
      username: 'ck',
      first_name: 'Cem',
      last_name: 'Kaya',
      email: 'cem@acme.test',
      landline_phone: '',
      mobile_phone: '',
      language: 'tr',
      send_invitation: true,
    },
    badPath: 'username',
  },
  customerUserWire: {
    sample: {
      id: 5,
      username: 'colleague',
      first_name: 'Cem',
      last_name: 'Kaya',
      email: 'cem@acme.test',
      language: 'tr',
      landline_phone: '',
      mobile_phone: '0170',
      is_active: true,
      is_main_user: false,
    },
    toDomain: wire.toCustomerUser as never,
    domain: {
      id: 5,
      username: 'colleague',
      firstName: 'Cem',
      lastName: 'Kaya',
      email: 'cem@acme.test',
      language: 'tr',
      landlinePhone: '',
      mobilePhone: '0170',
      isActive: true,
      isMainUser: false,
    },
    malformed: { id: 5, username: 'colleague' },
    badPath: 'first_name',
  },
  favouriteListSummaryWire: {
    sample: {
      id: 1,
      name: 'Weekly',
      shared: true,
      owner: { id: 1, name: 'Berta Buyer' },
      editable: false,
      owner_is_main_user: true,
      product_ids: [7, 9],
      created_at: '2026-01-02T08:00:00Z',
      updated_at: '2026-01-03T08:00:00Z',
    },
    toDomain: wire.toFavouriteListSummary as never,
    domain: {
      id: 1,
      name: 'Weekly',
      shared: true,
      owner: { id: 1, name: 'Berta Buyer' },
      editable: false,
      ownerIsMainUser: true,
      productIds: [7, 9],
      createdAt: '2026-01-02T08:00:00Z',
      updatedAt: '2026-01-03T08:00:00Z',
    },
    malformed: {
      id: 1,
      name: 'Weekly',
      shared: 'yes',
      owner: { id: 1, name: 'Berta Buyer' },
      editable: false,
      owner_is_main_user: true,
      product_ids: [],
      created_at: '2026-01-02T08:00:00Z',
      updated_at: '2026-01-03T08:00:00Z',
    },
    badPath: 'shared',
  },
  favouriteListItemWire: {
    sample: {
      product_id: 1,
      product: campaignProductWire,
      quantity: '2',
      unit: 1,
      added_at: '2026-01-02T08:00:00Z',
    },
    malformed: { product_id: 1, product: null, quantity: 1e21, unit: 1, added_at: '2026-01-02T08:00:00Z' },
    badPath: 'quantity',
  },
  favouriteListWire: {
    sample: {
      id: 1,
      name: 'Weekly',
      shared: false,
      owner: { id: 1, name: 'Berta Buyer' },
      editable: true,
      owner_is_main_user: true,
      product_ids: [1, 404],
      created_at: '2026-01-02T08:00:00Z',
      updated_at: '2026-01-03T08:00:00Z',
      items: [
        {
          product_id: 1,
          product: campaignProductWire,
          quantity: '2',
          unit: 1,
          added_at: '2026-01-02T08:00:00Z',
        },
        { product_id: 404, product: null, quantity: '1', unit: 1, added_at: '2026-01-02T08:00:00Z' },
      ],
    },
    toDomain: wire.toFavouriteList as never,
    domain: {
      id: 1,
      name: 'Weekly',
      shared: false,
      owner: { id: 1, name: 'Berta Buyer' },
      editable: true,
      ownerIsMainUser: true,
      productIds: [1, 404],
      createdAt: '2026-01-02T08:00:00Z',
      updatedAt: '2026-01-03T08:00:00Z',
      items: [
        { productId: 1, product: campaignProduct, quantity: '2', unit: 1, addedAt: '2026-01-02T08:00:00Z' },
        { productId: 404, product: null, quantity: '1', unit: 1, addedAt: '2026-01-02T08:00:00Z' },
      ],
    },
    malformed: {
      id: 1,
      name: 'Weekly',
      shared: false,
      owner: { id: 1, name: 'Berta Buyer' },
      editable: true,
      owner_is_main_user: true,
      product_ids: [1],
      created_at: '2026-01-02T08:00:00Z',
      updated_at: '2026-01-03T08:00:00Z',
      items: [{ product_id: 1, product: null, quantity: '2', unit: -1, added_at: '2026-01-02T08:00:00Z' }],
    },
    badPath: 'items.0.unit',
  },
  favouriteItemWriteWire: {
    sample: { quantity: '2.5', unit: 1 },
    malformed: { quantity: '-2', unit: 1 },
    badPath: 'quantity',
  },
  favouriteLineWriteWire: {
    sample: { product: 7, quantity: '2', unit: 1 },
    malformed: { product: 7, quantity: '2', unit: 'box' },
    badPath: 'unit',
  },
  favouriteListUpdateWire: {
    sample: { name: 'Monday order', shared: true },
    malformed: { name: '   ' },
    badPath: 'name',
  },
  favouriteListCreateWire: {
    sample: { name: 'Weekly', shared: false, items: [{ product: 7, quantity: '2', unit: 1 }] },
    malformed: { name: 'Weekly', items: [{ product: 7, quantity: '0', unit: 1 }] },
    badPath: 'items.0.quantity',
  },
  orderGuideBuildWire: {
    sample: { name: 'Bar guide' },
    malformed: { name: '' },
    badPath: 'name',
  },
  documentWire: {
    sample: {
      id: 'doc-3',
      type: 'price_list',
      name: 'Price list 2026',
      created_at: '2026-01-02T08:00:00Z',
      size: 2048,
      content_type: 'application/pdf',
      file: 'netb2b/documents/3/file/',
      file_name: 'price-list-2026.pdf',
    },
    toDomain: wire.toPortalDocument as never,
    domain: {
      id: 'doc-3',
      type: 'price_list',
      name: 'Price list 2026',
      createdAt: '2026-01-02T08:00:00Z',
      size: 2048,
      contentType: 'application/pdf',
      file: 'netb2b/documents/3/file/',
      fileName: 'price-list-2026.pdf',
    },
    malformed: {
      id: 'doc-3',
      type: 'brochure',
      name: 'Price list 2026',
      created_at: '2026-01-02T08:00:00Z',
      size: 2048,
      content_type: 'application/pdf',
      file: 'netb2b/documents/3/file/',
      file_name: 'price-list-2026.pdf',
    },
    badPath: 'type',
  },
  // auth
  deliveryCalendarWire: {
    sample: {
      time_zone: 'Europe/Berlin',
      routes: [
        { id: 1, name: 'Altona', weekdays: [2, 4], cutoff: { days_before: 1, time: '18:00' }, lead_days: 0 },
      ],
      warehouses: [{ id: 3, lead_days: 2 }],
      closures: [{ date: '2026-12-25', kind: 'publicHoliday', name: 'Christmas Day', region: 'DE-HH' }],
    },
    malformed: {
      time_zone: 'Europe/Berlin',
      routes: [
        { id: 1, name: 'Altona', weekdays: [2, 8], cutoff: { days_before: 1, time: '18:00' }, lead_days: 0 },
      ],
      warehouses: [],
      closures: [],
    },
    badPath: 'routes.0.weekdays.1',
  },
  addressRouteWire: { sample: { route_id: 2 }, malformed: { route_id: '2' }, badPath: 'route_id' },
  minimumOrderRuleWire: {
    sample: { value: '150.00', mode: 'fee', fee: '15.00' },
    malformed: { value: '150.00', mode: 'fee' },
    badPath: 'fee',
  },
  companyMinimumOrderWire: {
    sample: { minimum_order: { value: '150.00', mode: 'block', fee: null } },
    malformed: { minimum_order: { value: '-1', mode: 'block' } },
    badPath: 'minimum_order.value',
  },
  portalDeliveryCalendarWire: {
    sample: {
      calendar: {
        time_zone: 'Europe/Berlin',
        routes: [
          {
            id: 1,
            name: 'Altona',
            weekdays: [2, 4],
            cutoff: { days_before: 1, time: '18:00' },
            lead_days: 0,
          },
        ],
        warehouses: [{ id: 3, lead_days: 2 }],
        closures: [
          { date: '2026-12-24', kind: 'closure', name: 'Stocktaking', region: null },
          { date: '2026-12-25', kind: 'publicHoliday', name: 'Christmas Day', region: 'DE-HH' },
        ],
        addresses: [
          { id: 2, route_id: 1, region: 'DE-HH' },
          { id: 5, route_id: null, region: null },
        ],
      },
    },
    toDomain: wire.toCompanyDeliveryCalendar as never,
    domain: {
      timeZone: 'Europe/Berlin',
      routes: [
        { id: 1, name: 'Altona', weekdays: [2, 4], cutoff: { daysBefore: 1, time: '18:00' }, leadDays: 0 },
      ],
      warehouses: [{ id: 3, leadDays: 2 }],
      closures: [
        { date: '2026-12-24', kind: 'closure', name: 'Stocktaking' },
        { date: '2026-12-25', kind: 'publicHoliday', name: 'Christmas Day', region: 'DE-HH' },
      ],
      addresses: [
        { id: 2, routeId: 1, region: 'DE-HH' },
        { id: 5, routeId: null, region: null },
      ],
    },
    malformed: { calendar: { time_zone: 'Europe/Berlin', routes: [], warehouses: [], closures: [] } },
    badPath: 'calendar.addresses',
  },
  noDeliveryCalendar: {
    schema: 'portalDeliveryCalendarWire',
    sample: { calendar: null },
    toDomain: wire.toCompanyDeliveryCalendar as never,
    domain: null,
    malformed: {},
    badPath: 'calendar',
  },
  loginRequestWire: {
    sample: { username: 'buyer', password: 'buyer123' },
    malformed: { username: '', password: 'x' },
    badPath: 'username',
  },
  refreshRequestWire: { sample: { refresh: 'r.t.s' }, malformed: { refresh: '' }, badPath: 'refresh' },
  tokenPairWire: {
    sample: { access: 'a.b.c', refresh: 'd.e.f' },
    toDomain: wire.toTokenPair as never,
    domain: { access: 'a.b.c', refresh: 'd.e.f' },
    malformed: { access: 'a.b.c' },
    badPath: 'refresh',
  },
  refreshClaimsWire: {
    sample: {
      name: 'Bea Buyer',
      account_name: 'Acme Foods',
      is_admin: true,
      tax_applies: false,
      language: 'de',
      is_demo: false,
      exp: 1900000000,
    },
    toDomain: wire.toSessionClaims as never,
    domain: {
      name: 'Bea Buyer',
      accountName: 'Acme Foods',
      isAdmin: true,
      taxApplies: false,
      language: 'de',
      isDemo: false,
      canReviewFlows: false,
      exp: 1900000000,
    },
    malformed: {
      name: 'Bea',
      account_name: 'Acme',
      is_admin: 'yes',
      tax_applies: false,
      language: 'de',
      is_demo: false,
      exp: 1,
    },
    badPath: 'is_admin',
  },
  accessClaimsWire: { sample: { exp: 1900000000 }, malformed: { exp: '1900000000' }, badPath: 'exp' },
  errorBodyWire: {
    sample: {
      detail: 'No active account',
      code: 'inactive_user',
      errors: { username: ['This field is required.'] },
    },
    malformed: { detail: 401 },
    badPath: 'detail',
  },
  registrationWire: {
    sample: {
      customerType: 'corporate',
      fullName: 'Ada Acme',
      companyName: 'Acme',
      confirmPassword: 'secret1',
      email: 'a@acme.test',
      password: 'secret1',
      phoneNumber: '030',
      taxNumber: 'DE1',
      username: 'acme',
    },
    fromDomain: wire.fromRegistration as never,
    domain: {
      customerType: 'corporate',
      fullName: 'Ada Acme',
      companyName: 'Acme',
      confirmPassword: 'secret1',
      email: 'a@acme.test',
      password: 'secret1',
      phoneNumber: '030',
      taxNumber: 'DE1',
      username: 'acme',
    },
    malformed: { customerType: 'corporate', fullName: 'Ada', companyName: 'Acme' },
    badPath: 'confirmPassword',
  },
  revokeRequestWire: { sample: { refresh: 'a.b.c' }, malformed: { refresh: '' }, badPath: 'refresh' },
  passwordResetRequestWire: { sample: { email: 'a@acme.test' }, malformed: { email: 7 }, badPath: 'email' },
  passwordResetVerifyWire: {
    sample: { email: 'a@acme.test', code: '123456' },
    malformed: { email: 'a@acme.test', code: 123456 },
    badPath: 'code',
  },
  passwordResetConfirmWire: {
    sample: { email: 'a@acme.test', code: '123456', password: 'secret1' },
    malformed: { email: 'a@acme.test', code: '123456' },
    badPath: 'password',
  },
  changePasswordWire: {
    sample: { current_password: 'old-secret', password: 'new-secret' },
    malformed: { current_password: 'old-secret', password: null },
    badPath: 'password',
  },
  confirmEmailWire: { sample: { code: '123456' }, malformed: { code: 123456 }, badPath: 'code' },
  detailAnswerWire: { sample: { detail: 'Done.' }, malformed: { detail: 1 }, badPath: 'detail' },
  // catalog
  unitWire: {
    sample: { id: 2, base: 1, name: 'box', name_plural: 'boxes', is_primary: false },
    toDomain: wire.toUnit as never,
    domain: { id: 2, base: 1, name: 'box', namePlural: 'boxes', isPrimary: false },
    malformed: { id: 2, base: 'piece', name: 'box', name_plural: 'boxes', is_primary: false },
    badPath: 'base',
  },
  unitAmountWire: {
    sample: { unit: 2, amount: '6' },
    malformed: { unit: 2, amount: '6,5' },
    badPath: 'amount',
  },
  productWire: {
    sample: productWire,
    toDomain: wire.toProduct as never,
    domain: product,
    malformed: { ...productWire, price: '1,20' },
    badPath: 'price',
  },
  // every product answer: a product in a running campaign carries its price and maps to a campaign product
  'productWire in a campaign': {
    schema: 'productWire',
    sample: campaignProductWire,
    toDomain: wire.toProduct as never,
    domain: campaignProduct,
    malformed: { ...productWire, campaign_id: 3 },
    badPath: 'new_price',
  },
  campaignProductWire: {
    sample: campaignProductWire,
    toDomain: wire.toCampaignProduct as never,
    domain: campaignProduct,
    malformed: { ...campaignProductWire, new_price: 'cheap' },
    badPath: 'new_price',
  },
  campaignPriceWire: {
    sample: { product: productWire, campaign_id: 3, new_price: '0.99' },
    toDomain: wire.toCampaignPrice as never,
    domain: { product, campaignId: 3, newPrice: '0.99' },
    malformed: {
      product: { ...productWire, unit_amounts: [{ unit: 'box', amount: '6' }] },
      campaign_id: 3,
      new_price: '0.99',
    },
    badPath: 'product.unit_amounts.0.unit',
  },
  campaignWire: {
    sample: {
      id: 3,
      name: 'Summer',
      description: 'Cold drinks',
      banner: '/media/campaigns/3.webp',
      starts_at: '2026-06-01T00:00:00+02:00',
      ends_at: '2026-08-31T23:59:59+02:00',
    },
    toDomain: wire.toCampaign as never,
    domain: {
      id: 3,
      name: 'Summer',
      description: 'Cold drinks',
      banner: '/media/campaigns/3.webp',
      startsAt: '2026-06-01T00:00:00+02:00',
      endsAt: '2026-08-31T23:59:59+02:00',
    },
    malformed: {
      id: 3,
      name: 'Summer',
      description: '',
      banner: '',
      starts_at: '1 June',
      ends_at: '2026-08-31T23:59:59Z',
    },
    badPath: 'starts_at',
  },
  brandWire: {
    sample: { id: 1, name: 'Orchard', image: null },
    toDomain: wire.toBrand as never,
    domain: { id: 1, name: 'Orchard', image: null },
    malformed: { id: 1, name: null, image: null },
    badPath: 'name',
  },
  categoryWire: {
    sample: { id: 2, name: 'Drinks' },
    toDomain: wire.toCategory as never,
    domain: { id: 2, name: 'Drinks' },
    malformed: { id: 2.5, name: 'Drinks' },
    badPath: 'id',
  },
  notificationWire: {
    sample: {
      id: 1,
      name: 'Closed Monday',
      description: 'Holiday',
      created_at: '2026-11-20T08:00:00Z',
      read: false,
    },
    toDomain: wire.toNotification as never,
    domain: {
      id: 1,
      name: 'Closed Monday',
      description: 'Holiday',
      createdAt: '2026-11-20T08:00:00Z',
      read: false,
    },
    malformed: { id: 1, name: 'Closed', description: '', created_at: '2026-11-20T08:00:00Z', read: 'no' },
    badPath: 'read',
  },
  announcementWire: {
    sample: {
      id: 1,
      name: 'New range',
      description: 'Teas',
      type: 'info',
      read: true,
      created_at: '2026-11-01T08:00:00Z',
    },
    toDomain: wire.toAnnouncement as never,
    domain: {
      id: 1,
      name: 'New range',
      description: 'Teas',
      type: 'info',
      read: true,
      createdAt: '2026-11-01T08:00:00Z',
    },
    malformed: {
      id: 1,
      name: 'New range',
      description: 'Teas',
      read: true,
      created_at: '2026-11-01T08:00:00Z',
    },
    badPath: 'type',
  },
  languageWire: {
    sample: { id: 4, code: 'ar', name: 'العربية', flag: '/media/flags/ar.svg' },
    toDomain: wire.toLanguage as never,
    domain: { id: 4, code: 'ar', name: 'العربية', flag: '/media/flags/ar.svg' },
    malformed: { id: 4, code: 'ar', name: 'Arabic' },
    badPath: 'flag',
  },
  customerCurrencyWire: {
    sample: { symbol: '€' },
    toDomain: wire.toCustomerCurrency as never,
    domain: { symbol: '€' },
    malformed: { symbol: '' },
    badPath: 'symbol',
  },
  configurationWire: {
    sample: {
      global: { logo_square: '/media/logo-square.svg', logo_wide: null, site_name: 'Acme Wholesale' },
      modules: { netb2b: { money_decimal_places: 2, default_customer_type: 1 } },
    },
    toDomain: wire.toConfiguration as never,
    domain: {
      logoSquare: '/media/logo-square.svg',
      logoWide: null,
      siteName: 'Acme Wholesale',
      moneyDecimalPlaces: 2,
      defaultCustomerType: 1,
    },
    malformed: {
      global: { logo_square: null, logo_wide: null, site_name: 'Acme' },
      modules: { netb2b: { money_decimal_places: 9, default_customer_type: 1 } },
    },
    badPath: 'modules.netb2b.money_decimal_places',
  },
  // orders
  cartItemWire: {
    sample: { id: 9, product: campaignProductWire, quantity: '2', unit: 1, price_change: 'campaign_started' },
    toDomain: wire.toCartItem as never,
    domain: { id: 9, product: campaignProduct, quantity: '2', unit: 1, priceChange: 'campaignStarted' },
    malformed: { id: 9, product: productWire, quantity: '2', unit: 1, price_change: 'price_rose' },
    badPath: 'price_change',
  },
  'cartItemWire without a price change': {
    schema: 'cartItemWire',
    sample: { id: 9, product: productWire, quantity: '2', unit: 1 },
    toDomain: wire.toCartItem as never,
    domain: { id: 9, product, quantity: '2', unit: 1, priceChange: null },
    malformed: { id: 9, product: productWire, quantity: 'two', unit: 1 },
    badPath: 'quantity',
  },
  priceBasisWire: { sample: 'gross', malformed: 'gross+vat', badPath: '(body)' },
  extraChargeWire: {
    sample: { code: 'delivery_fee', name: 'Liefergebühr', amount: '9.90' },
    malformed: { code: 'delivery_fee', name: 'Liefergebühr', amount: 1e21 },
    badPath: 'amount',
  },
  rateTaxWire: {
    sample: { rate_percent: '7.00', net: '13.60', tax: '0.95', gross: '14.55' },
    malformed: { rate_percent: '7.00', net: '13.60', tax: '0,95', gross: '14.55' },
    badPath: 'tax',
  },
  avoidableChargeWire: {
    sample: { code: 'delivery_fee', name: 'Delivery fee', amount: '9.90', missing: '12.34' },
    malformed: { code: 'delivery_fee', name: 'Delivery fee', amount: '9.90' },
    badPath: 'missing',
  },
  cartItemWriteWire: {
    sample: { product: 7, campaign: null, quantity: '2', unit: 1 },
    malformed: { product: 0, campaign: null, quantity: '2', unit: 1 },
    badPath: 'product',
  },
  cartTotalsWire: {
    sample: {
      subtotal: '10.00',
      discount_amount: '0.50',
      tax: '0.70',
      deposit_total: '1.50',
      total: '11.70',
      total_without_tax: '11.00',
    },
    toDomain: wire.toCartTotals as never,
    domain: {
      subtotal: '10.00',
      discountAmount: '0.50',
      tax: '0.70',
      depositTotal: '1.50',
      total: '11.70',
      totalWithoutTax: '11.00',
    },
    malformed: {
      subtotal: '10.00',
      discount_amount: '0',
      tax: '0',
      deposit_total: '0',
      total: 1e21,
      total_without_tax: '11',
    },
    badPath: 'total',
  },
  orderItemWire: {
    sample: orderItemWire,
    toDomain: wire.toOrderItem as never,
    domain: orderItem,
    malformed: { ...orderItemWire, is_fulfilled: undefined },
    badPath: 'is_fulfilled',
  },
  suborderWire: {
    sample: suborderWire,
    toDomain: wire.toSuborder as never,
    domain: suborder,
    malformed: { ...suborderWire, estimated_delivery_date: '27.11.2026' },
    badPath: 'estimated_delivery_date',
  },
  orderWire: {
    sample: {
      id: 100,
      total: '7.70',
      created_at: '2026-11-20T10:00:00+01:00',
      is_finalized: false,
      finalized_at: null,
      suborders: [suborderWire],
    },
    toDomain: wire.toOrder as never,
    domain: {
      id: 100,
      total: '7.70',
      createdAt: '2026-11-20T10:00:00+01:00',
      isFinalized: false,
      finalizedAt: null,
      suborders: [suborder],
    },
    malformed: {
      id: 100,
      total: '7.70',
      created_at: '2026-11-20T10:00:00+01:00',
      is_finalized: false,
      finalized_at: null,
      suborders: [{ ...suborderWire, items: [{ ...orderItemWire, product: null }] }],
    },
    badPath: 'suborders.0.items.0.product',
  },
  orderSubmissionWire: {
    sample: {
      items: [
        { product: 7, quantity: '2', unit: 1, campaign: 3 },
        { product: 8, quantity: '1', unit: 2 },
      ],
      expected_delivery_date: '2026-11-28',
      is_preorder: false,
      customer_note: 'Back door',
    },
    fromDomain: wire.fromOrderSubmission as never,
    domain: {
      items: [
        { product: 7, quantity: '2', unit: 1, campaign: 3 },
        { product: 8, quantity: '1', unit: 2 },
      ],
      expectedDeliveryDate: '2026-11-28',
      isPreorder: false,
      customerNote: 'Back door',
    },
    malformed: { items: [], expected_delivery_date: '2026-11-28', is_preorder: false, customer_note: '' },
    badPath: 'items',
  },
  orderCreatedWire: { sample: { id: 100 }, malformed: { id: '100' }, badPath: 'id' },
  customerNoteWire: { sample: 'Back door,\nring twice', malformed: 'x'.repeat(2001), badPath: '(body)' },
  // cart writes, quick order and order preview (reference-server shapes, docs/api.md)
  cartItemWrittenWire: {
    sample: { id: 9, quantity: '2', unit: 1 },
    malformed: { id: 9, quantity: '2' },
    badPath: 'unit',
  },
  cartBulkModeWire: { sample: 'add', malformed: 'append', badPath: '(body)' },
  cartBulkWriteWire: {
    sample: {
      items: [
        { product: 7, campaign: null, quantity: '2', unit: 1 },
        { product: 8, campaign: null, quantity: '1', unit: 2 },
      ],
    },
    malformed: { items: [] },
    badPath: 'items',
  },
  cartBulkLineResultWire: {
    sample: {
      index: 0,
      product: 7,
      status: 'rejected',
      code: 'out_of_stock',
      errors: { quantity: ['Out of stock.'] },
    },
    malformed: { index: 0, product: 7, status: 'skipped' },
    badPath: 'status',
  },
  cartBulkResultWire: {
    sample: { results: [{ index: 0, product: 7, status: 'added', id: 9, quantity: '2', unit: 1 }] },
    malformed: { results: [{ index: 0, product: 7, status: 'added', quantity: '2 boxes' }] },
    badPath: 'results.0.quantity',
  },
  productLookupWire: {
    sample: { codes: ['AJ-1', '4001234567890'] },
    malformed: { codes: 'AJ-1' },
    badPath: 'codes',
  },
  productLookupResultWire: {
    sample: {
      matches: [{ code: 'AJ-1', product: productWire }],
      not_found: ['XX-9'],
      units: [{ id: 1, base: null, name: 'piece', name_plural: 'pieces', is_primary: true }],
    },
    malformed: { matches: [{ code: 'AJ-1', product: productWire }], units: [] },
    badPath: 'not_found',
  },
  orderPreviewRequestWire: {
    sample: { items: [{ product: 7, quantity: '2', unit: 1, campaign: null }] },
    malformed: { items: [{ product: 7, quantity: '2' }] },
    badPath: 'items.0.unit',
  },
  orderPreviewWire: {
    sample: {
      totals: {
        subtotal: '10.00',
        discount_amount: '0.00',
        tax: '0.70',
        deposit_total: '0.00',
        total: '10.70',
        total_without_tax: '10.00',
      },
      tax_applies: true,
      price_basis: 'gross',
      total: '11.20',
      suborders: [
        {
          warehouse: { id: 1, name: 'North' },
          operator: { id: 4, name: 'Olga', phone: '+49 30 1234' },
          items: [
            {
              product: 7,
              campaign: null,
              quantity: '2',
              unit: 1,
              amount: '10.00',
              discount_amount: '0.00',
              deposit_amount: '0.00',
              tax_amount: '0.70',
            },
          ],
          subtotal: '10.00',
          discount_amount: '0.00',
          deposit_total: '0.00',
          tax: '0.70',
          extra_charges: [{ code: 'delivery_fee', name: 'Delivery', amount: '0.50' }],
          total: '11.20',
          avoidable_charges: [{ code: 'delivery_fee', name: 'Delivery', amount: '0.50', missing: '240.00' }],
        },
      ],
    },
    malformed: {
      totals: {
        subtotal: '10.00',
        discount_amount: '0.00',
        tax: '0.70',
        deposit_total: '0.00',
        total: '10.70',
        total_without_tax: '10.00',
      },
      tax_applies: 'yes',
      total: '11.20',
      suborders: [],
    },
    badPath: 'tax_applies',
  },
  // preferences
  updateLanguageRequestWire: { sample: { language: 3 }, malformed: { language: 'de' }, badPath: 'language' },
  // catalogue pages (reference-server shapes, docs/api.md)
  productPageWire: {
    sample: { count: 301, next: '/api/netb2b/products/?page=2', previous: null, results: [productWire] },
    toDomain: (wire as unknown as Record<string, unknown>).toProductPage as never,
    domain: { count: 301, next: '/api/netb2b/products/?page=2', previous: null, results: [product] },
    malformed: {
      count: 1,
      next: null,
      previous: null,
      results: [{ ...productWire, quantity_in_stock: 1.5 }],
    },
    badPath: 'results.0.quantity_in_stock',
  },
  campaignProductPageWire: {
    sample: { count: 1, next: null, previous: null, results: [campaignProductWire] },
    toDomain: (wire as unknown as Record<string, unknown>).toCampaignProductPage as never,
    domain: { count: 1, next: null, previous: null, results: [campaignProduct] },
    malformed: { count: -1, next: null, previous: null, results: [] },
    badPath: 'count',
  },
  campaignWithPricesWire: {
    sample: {
      id: 3,
      name: 'Summer',
      description: 'Cold drinks',
      banner: '/media/campaigns/3.webp',
      starts_at: '2026-06-01T00:00:00+02:00',
      ends_at: '2026-08-31T23:59:59+02:00',
      campaign_prices: [{ product: productWire, campaign_id: 3, new_price: '0.99' }],
    },
    toDomain: (wire as unknown as Record<string, unknown>).toCampaignWithPrices as never,
    domain: {
      id: 3,
      name: 'Summer',
      description: 'Cold drinks',
      banner: '/media/campaigns/3.webp',
      startsAt: '2026-06-01T00:00:00+02:00',
      endsAt: '2026-08-31T23:59:59+02:00',
      campaignPrices: [{ product, campaignId: 3, newPrice: '0.99' }],
    },
    malformed: {
      id: 3,
      name: 'Summer',
      description: '',
      banner: '',
      starts_at: '2026-06-01T00:00:00+02:00',
      ends_at: '2026-08-31T23:59:59+02:00',
      campaign_prices: null,
    },
    badPath: 'campaign_prices',
  },
  markedReadWire: { sample: { updated: 4 }, malformed: { updated: -4 }, badPath: 'updated' },
};

type Schema = Parameters<ReturnType<typeof createHttpClient>['call']>[1];
const schemas = (Object.entries(wire) as Array<[string, unknown]>).filter(
  (entry): entry is [string, Schema] =>
    typeof entry[1] === 'object' && entry[1] !== null && '_zod' in entry[1],
);

function answering(body: unknown) {
  return createHttpClient({
    apiBase: 'http://portal.test/api',
    fetch: createFakeFetch(() => jsonResponse(body)).fetch,
  });
}

describe('wire schemas', () => {
  it('have a sample and a malformed case for every exported schema', () => {
    const objectSchemas = schemas
      .map(([name]) => name)
      .filter((name) => name.endsWith('Wire') || name === 'namedRef');
    expect(objectSchemas.filter((name) => !(name in cases))).toEqual([]);
    expect(objectSchemas.length).toBeGreaterThanOrEqual(30);
  });

  it('name only schemas that are exported (a renamed schema fails here, not silently)', () => {
    const exported = new Set(schemas.map(([name]) => name));
    const unknown = Object.entries(cases)
      .map(([name, testCase]) => testCase.schema ?? name)
      .filter((name) => !exported.has(name));
    expect(unknown).toEqual([]);
  });

  for (const [name, testCase] of Object.entries(cases)) {
    const schema = (wire as unknown as Record<string, Schema>)[testCase.schema ?? name];
    describe(name, () => {
      it('parses the sample as it arrives from the server', async () => {
        expect(schema, `${testCase.schema ?? name} is not exported by the wire module`).toBeDefined();
        const parsed = await answering(testCase.sample).call(
          { method: 'get', path: 'sample/' },
          schema!,
          (w) => w,
        );
        expect(parsed).toEqual(testCase.sample);
      });

      if (testCase.toDomain) {
        it('maps the sample to the camelCase domain type', async () => {
          const mapped = await answering(testCase.sample).call(
            { method: 'get', path: 'sample/' },
            schema!,
            testCase.toDomain as (w: unknown) => unknown,
          );
          expect(mapped).toEqual(testCase.domain);
        });
      }

      if (testCase.fromDomain) {
        it('is what the domain value turns into on the way out', () => {
          expect((testCase.fromDomain as (d: unknown) => unknown)(testCase.domain)).toEqual(testCase.sample);
        });
      }

      it(`rejects a malformed body with a parse error naming ${testCase.badPath}`, async () => {
        const call = answering(testCase.malformed).call(
          { method: 'get', path: 'sample/' },
          schema!,
          (w) => w,
        );
        const error = await call.then(
          () => expect.fail('a malformed body must not parse'),
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ApiError);
        expect(error).toMatchObject({ kind: 'parse', status: 200 });
        expect((error as ApiError).message).toContain(`GET sample/: unexpected answer: ${testCase.badPath}:`);
      });
    });
  }

  describe('orderWire with the delivery fields and the cart figures', () => {
    const base = {
      id: 100,
      total: '7.70',
      created_at: '2026-11-20T10:00:00+01:00',
      is_finalized: false,
      finalized_at: null,
      suborders: [suborderWire],
    };
    const full = {
      ...base,
      expected_delivery_date: '2026-11-28',
      is_preorder: true,
      customer_note: 'Back door',
      subtotal: '8.00',
      discount_amount: '0.60',
      tax: '0.50',
      deposit_total: '0.25',
      total_without_tax: '7.65',
    };

    it('maps every optional field to the domain order', () => {
      expect(wire.toOrder(wire.orderWire.parse(full))).toEqual({
        id: 100,
        total: '7.70',
        createdAt: '2026-11-20T10:00:00+01:00',
        isFinalized: false,
        finalizedAt: null,
        suborders: [suborder],
        expectedDeliveryDate: '2026-11-28',
        isPreorder: true,
        customerNote: 'Back door',
        subtotal: '8.00',
        discountAmount: '0.60',
        tax: '0.50',
        depositTotal: '0.25',
        totalWithoutTax: '7.65',
      });
    });

    it('leaves the figures out when an older server does not send them', () => {
      const order = wire.toOrder(wire.orderWire.parse(base));
      expect(Object.keys(order)).not.toContain('subtotal');
      expect(Object.keys(order)).not.toContain('depositTotal');
      expect(Object.keys(order)).not.toContain('priceBasis');
      expect(Object.keys(order.suborders[0]?.items[0] ?? {})).not.toContain('deposit');
    });

    it('maps the price basis, each line deposit and drops the charge code (decision 005)', () => {
      const order = wire.toOrder(
        wire.orderWire.parse({
          ...full,
          price_basis: 'net',
          suborders: [
            {
              ...suborderWire,
              items: [{ ...orderItemWire, deposit_amount: '0.25' }],
              extra_charges: [{ code: 'delivery_fee', name: 'Liefergebühr', amount: '0.50' }],
            },
          ],
        }),
      );
      expect(order.priceBasis).toBe('net');
      expect(order.suborders[0]?.items[0]?.deposit).toBe('0.25');
      expect(order.suborders[0]?.extraCharges).toEqual([{ name: 'Liefergebühr', amount: '0.50' }]);
      expect(wire.orderWire.safeParse({ ...full, price_basis: 'both' }).success).toBe(false);
    });

    it('refuses a figure that is not a decimal string', () => {
      const parsed = wire.orderWire.safeParse({ ...full, deposit_total: '0,25' });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['deposit_total']);
    });
  });
});
