import { SITE_NAME } from '../site-configuration';
import { electronicIban, isValidBic, isValidIban } from './iban';

/** Whom the buyer asks about an invoice (EN 16931 BG-6): XRechnung requires all three. */
export interface SupplierContact {
  name: string;
  phone: string;
  /** also the supplier's electronic address (BT-34) e-invoices are answered to */
  email: string;
}

/** Where an invoice is paid: a SEPA credit transfer to this account (EN 16931 BG-17). */
export interface PaymentAccount {
  /** without spaces, as the e-invoice states it; printed in groups of four */
  iban: string;
  bic: string;
  accountName: string;
}

/** Who issues the invoices and on what terms: printed on every invoice as it is issued. */
export interface InvoiceConfiguration {
  /** keys the number sequence; one supplier per installation for now */
  supplierKey: string;
  supplierName: string;
  /** the postal address, one line each */
  supplierAddress: string[];
  supplierVatId: string;
  supplierContact: SupplierContact;
  paymentAccount: PaymentAccount;
  /** days from the invoice date to the due date ("14 days net") */
  paymentDays: number;
}

const DEMO_ADDRESS = 'Großmarktstraße 5; 20097 Hamburg; Germany';
const DEMO_VAT_ID = 'DE123456789';
const DEMO_CONTACT: SupplierContact = {
  name: 'Jana Petersen',
  phone: '+49 40 3070 5500',
  email: 'invoices@lindenhof-wholesale.example',
};
/** a made-up account whose check digits are right (Hamburger Sparkasse's bank code) */
const DEMO_IBAN = 'DE34 2005 0550 1234 5678 90';
const DEMO_BIC = 'HASPDEHHXXX';
const DEFAULT_PAYMENT_DAYS = 14;
// one @, something on both sides, a dot in the domain: what XRechnung's BR-DE-28 expects of BT-43
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_DIGITS = 3;

/**
 * SUPPLIER_NAME, SUPPLIER_ADDRESS (lines separated by ";"), SUPPLIER_VAT_ID, the contact
 * SUPPLIER_CONTACT_NAME, SUPPLIER_PHONE and SUPPLIER_EMAIL, the account SUPPLIER_IBAN, SUPPLIER_BIC
 * and SUPPLIER_ACCOUNT_NAME (the supplier's name when unset) and INVOICE_PAYMENT_DAYS, with the
 * demo supplier's values when unset. Read at start-up, where a wrong value stops the server with a
 * message naming it (an IBAN whose check digits fail would send every payment astray), and when an
 * invoice is issued, never when one is shown: a changed setting applies to the next invoice only.
 */
export function invoiceConfiguration(env: NodeJS.ProcessEnv = process.env): InvoiceConfiguration {
  const text = (value: string | undefined, fallback: string) => value?.trim() || fallback;
  const days = text(env.INVOICE_PAYMENT_DAYS, String(DEFAULT_PAYMENT_DAYS));
  const paymentDays = Number(days);
  if (!Number.isSafeInteger(paymentDays) || paymentDays < 0 || paymentDays > 365)
    throw new Error(`INVOICE_PAYMENT_DAYS must be a whole number of days from 0 to 365, got "${days}"`);
  const iban = text(env.SUPPLIER_IBAN, DEMO_IBAN);
  if (!isValidIban(iban))
    throw new Error(
      `SUPPLIER_IBAN must be an IBAN whose check digits are right (ISO 13616, mod 97), got "${iban}"`,
    );
  const bic = text(env.SUPPLIER_BIC, DEMO_BIC).replace(/\s+/g, '').toUpperCase();
  if (!isValidBic(bic))
    throw new Error(`SUPPLIER_BIC must be a BIC of 8 or 11 letters and digits (ISO 9362), got "${bic}"`);
  const email = text(env.SUPPLIER_EMAIL, DEMO_CONTACT.email);
  if (!EMAIL.test(email)) throw new Error(`SUPPLIER_EMAIL must be an e-mail address, got "${email}"`);
  const phone = text(env.SUPPLIER_PHONE, DEMO_CONTACT.phone);
  if ((phone.match(/\d/g) ?? []).length < PHONE_DIGITS)
    throw new Error(`SUPPLIER_PHONE must be a telephone number, got "${phone}"`);
  const supplierName = text(env.SUPPLIER_NAME, SITE_NAME);
  return {
    supplierKey: 'main',
    supplierName,
    supplierAddress: text(env.SUPPLIER_ADDRESS, DEMO_ADDRESS)
      .split(';')
      .map((line) => line.trim())
      .filter(Boolean),
    supplierVatId: text(env.SUPPLIER_VAT_ID, DEMO_VAT_ID),
    supplierContact: { name: text(env.SUPPLIER_CONTACT_NAME, DEMO_CONTACT.name), phone, email },
    paymentAccount: {
      iban: electronicIban(iban),
      bic,
      accountName: text(env.SUPPLIER_ACCOUNT_NAME, supplierName),
    },
    paymentDays,
  };
}
