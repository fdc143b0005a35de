import * as z from 'zod/mini';
import type { CompanyInfo, CustomerUser, DeliveryAddress, FavouriteList } from '../../../domain/types';
import { decimalString, id } from './primitives';

const addressFields = {
  pk: id,
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  suburb: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postal_code: z.string(),
};
export const billingAddressWire = z.object(addressFields);
export const deliveryAddressWire = z.object({ ...addressFields, instructions: z.string() });
type BillingWire = z.infer<typeof billingAddressWire>;

const toBilling = (w: BillingWire) => ({
  pk: w.pk,
  name: w.name,
  line1: w.line1,
  line2: w.line2,
  suburb: w.suburb,
  city: w.city,
  state: w.state,
  country: w.country,
  postalCode: w.postal_code,
});
const fromBilling = (a: ReturnType<typeof toBilling>): BillingWire => ({
  pk: a.pk,
  name: a.name,
  line1: a.line1,
  line2: a.line2,
  suburb: a.suburb,
  city: a.city,
  state: a.state,
  country: a.country,
  postal_code: a.postalCode,
});

export const companyInfoWire = z.object({
  name: z.string(),
  vat_number: z.string(),
  landline_number: z.string(),
  mobile_number: z.string(),
  email_addresses: z.array(z.string()),
  delivery_addresses: z.array(deliveryAddressWire),
  billing_addresses: z.array(billingAddressWire),
});
export type CompanyInfoWire = z.infer<typeof companyInfoWire>;
export const toCompanyInfo = (w: CompanyInfoWire): CompanyInfo => ({
  name: w.name,
  vatNumber: w.vat_number,
  landlineNumber: w.landline_number,
  mobileNumber: w.mobile_number,
  emailAddresses: w.email_addresses,
  deliveryAddresses: w.delivery_addresses.map(
    (a): DeliveryAddress => ({ ...toBilling(a), instructions: a.instructions }),
  ),
  billingAddresses: w.billing_addresses.map(toBilling),
});
export const fromCompanyInfo = (c: CompanyInfo): CompanyInfoWire => ({
  name: c.name,
  vat_number: c.vatNumber,
  landline_number: c.landlineNumber,
  mobile_number: c.mobileNumber,
  email_addresses: c.emailAddresses,
  delivery_addresses: c.deliveryAddresses.map((a) => ({ ...fromBilling(a), instructions: a.instructions })),
  billing_addresses: c.billingAddresses.map(fromBilling),
});

export const customerUserWire = z.object({
  id,
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  language: z.string(),
  landline_phone: z.string(),
  mobile_phone: z.string(),
  is_active: z.boolean(),
});
export const toCustomerUser = (w: z.infer<typeof customerUserWire>): CustomerUser => ({
  id: w.id,
  username: w.username,
  firstName: w.first_name,
  lastName: w.last_name,
  email: w.email,
  language: w.language,
  landlinePhone: w.landline_phone,
  mobilePhone: w.mobile_phone,
  isActive: w.is_active,
});

export const favouriteListWire = z.object({
  id,
  name: z.string(),
  items: z.record(z.string(), z.object({ product: id, quantity: decimalString, unit: id })),
});
export const toFavouriteList = (w: z.infer<typeof favouriteListWire>): FavouriteList => ({ ...w });
