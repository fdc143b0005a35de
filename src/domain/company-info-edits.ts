// The whole-company-info writes (spec point 7): every change is a PUT of the whole company info, built
// from the latest copy the client holds. Addresses keep their pk, a new one has pk null, a deleted one is
// left out.
import type { AddressForm, AddressKind, CompanyForm } from './account-forms';
import type { BillingAddress, CompanyInfo, DeliveryAddress } from './types';

/** One address change the editor asks for: saved (created when pk is null) or deleted. */
export type AddressChange =
  | { op: 'save'; kind: AddressKind; pk: number | null; form: AddressForm }
  | { op: 'delete'; kind: AddressKind; pk: number };

/** The company fields of the copy, as the form starts them. */
export const companyFormOf = (info: CompanyInfo): CompanyForm => ({
  name: info.name,
  vatNumber: info.vatNumber,
  landlineNumber: info.landlineNumber,
  mobileNumber: info.mobileNumber,
  emailAddresses: [...info.emailAddresses],
});

/** The copy with the company fields of a (validated) form; addresses and version stay. */
export const withCompanyForm = (info: CompanyInfo, form: CompanyForm): CompanyInfo => ({
  ...info,
  name: form.name,
  vatNumber: form.vatNumber,
  landlineNumber: form.landlineNumber,
  mobileNumber: form.mobileNumber,
  emailAddresses: [...form.emailAddresses],
});

function billingOf(pk: number | null, form: AddressForm): BillingAddress {
  return {
    pk,
    name: form.name,
    line1: form.line1,
    line2: form.line2,
    suburb: form.suburb,
    city: form.city,
    state: form.state,
    country: form.country,
    postalCode: form.postalCode,
  };
}

const deliveryOf = (pk: number | null, form: AddressForm): DeliveryAddress => ({
  ...billingOf(pk, form),
  instructions: form.instructions,
});

/**
 * Replaces the address with the change's pk, appends a new one (pk null) or leaves a deleted one out.
 * An address saved with a pk the copy does not hold is still sent with that pk, so the server says it
 * is unknown (400) instead of the write passing as a silent no-op.
 */
function changed<T extends { pk: number | null }>(
  list: T[],
  change: AddressChange,
  build: (pk: number | null, form: AddressForm) => T,
): T[] {
  if (change.op === 'delete') return list.filter((address) => address.pk !== change.pk);
  const next = build(change.pk, change.form);
  if (change.pk === null || !list.some((address) => address.pk === change.pk)) return [...list, next];
  return list.map((address) => (address.pk === change.pk ? next : address));
}

/** The copy with one address change applied; everything else (and the version) stays. */
export function withAddressChange(info: CompanyInfo, change: AddressChange): CompanyInfo {
  return change.kind === 'delivery'
    ? { ...info, deliveryAddresses: changed(info.deliveryAddresses, change, deliveryOf) }
    : { ...info, billingAddresses: changed(info.billingAddresses, change, billingOf) };
}
