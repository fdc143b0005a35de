import { SITE_NAME } from '../site-configuration';

/** Who issues the invoices and on what terms: printed on every invoice as it is issued. */
export interface InvoiceConfiguration {
  /** keys the number sequence; one supplier per installation for now */
  supplierKey: string;
  supplierName: string;
  /** the postal address, one line each */
  supplierAddress: string[];
  supplierVatId: string;
  /** days from the invoice date to the due date ("14 days net") */
  paymentDays: number;
}

const DEMO_ADDRESS = 'Großmarktstraße 5; 20097 Hamburg; Germany';
const DEMO_VAT_ID = 'DE123456789';
const DEFAULT_PAYMENT_DAYS = 14;

/**
 * SUPPLIER_NAME, SUPPLIER_ADDRESS (lines separated by ";"), SUPPLIER_VAT_ID and
 * INVOICE_PAYMENT_DAYS, with the demo supplier's values when unset. Read when an invoice is issued,
 * never when one is shown: a changed setting applies to the next invoice only.
 */
export function invoiceConfiguration(env: NodeJS.ProcessEnv = process.env): InvoiceConfiguration {
  const text = (value: string | undefined, fallback: string) => value?.trim() || fallback;
  const days = text(env.INVOICE_PAYMENT_DAYS, String(DEFAULT_PAYMENT_DAYS));
  const paymentDays = Number(days);
  if (!Number.isSafeInteger(paymentDays) || paymentDays < 0 || paymentDays > 365)
    throw new Error(`INVOICE_PAYMENT_DAYS must be a whole number of days from 0 to 365, got "${days}"`);
  return {
    supplierKey: 'main',
    supplierName: text(env.SUPPLIER_NAME, SITE_NAME),
    supplierAddress: text(env.SUPPLIER_ADDRESS, DEMO_ADDRESS)
      .split(';')
      .map((line) => line.trim())
      .filter(Boolean),
    supplierVatId: text(env.SUPPLIER_VAT_ID, DEMO_VAT_ID),
    paymentDays,
  };
}
