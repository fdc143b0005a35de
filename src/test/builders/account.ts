import type {
  BillingAddress,
  CompanyInfo,
  CustomerUser,
  DeliveryAddress,
  SessionClaims,
} from '../../domain/types';

/** An active user of the company who is not its main user. */
export function aCustomerUser(overrides: Partial<CustomerUser> = {}): CustomerUser {
  return {
    id: 2,
    username: 'bea',
    firstName: 'Bea',
    lastName: 'Buyer',
    email: 'bea@example.com',
    language: 'en',
    landlinePhone: '',
    mobilePhone: '',
    isActive: true,
    isMainUser: false,
    ...overrides,
  };
}

/** A saved delivery address in Berlin. */
export function anAddress(overrides: Partial<DeliveryAddress> = {}): DeliveryAddress {
  return {
    pk: 1,
    name: 'Shop',
    line1: 'Hauptstraße 1',
    line2: '',
    suburb: 'Mitte',
    city: 'Berlin',
    state: 'Berlin',
    country: 'DE',
    postalCode: '10115',
    instructions: '',
    ...overrides,
  };
}

export function aBillingAddress(overrides: Partial<BillingAddress> = {}): BillingAddress {
  const { instructions: _, ...address } = anAddress();
  return { ...address, ...overrides };
}

/** A corporate customer with one delivery and one billing address, as the server sends it (with its version). */
export function aCompanyInfo(overrides: Partial<CompanyInfo> = {}): CompanyInfo & { version: number } {
  return {
    version: 1,
    customerType: 'corporate',
    name: 'Corner Shop Ltd',
    vatNumber: 'DE123456789',
    landlineNumber: '',
    mobileNumber: '',
    emailAddresses: ['orders@corner.example'],
    deliveryAddresses: [anAddress()],
    billingAddresses: [aBillingAddress()],
    ...overrides,
  };
}

/** The main user of a tax-paying company, signed in for a week. */
export function someClaims(overrides: Partial<SessionClaims> = {}): SessionClaims {
  return {
    name: 'Berta Buyer',
    accountName: 'Corner Shop Ltd',
    isAdmin: true,
    taxApplies: true,
    language: 'en',
    isDemo: false,
    canReviewFlows: false,
    exp: Math.floor(Date.now() / 1000) + 7 * 24 * 3600,
    ...overrides,
  };
}
