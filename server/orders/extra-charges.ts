import { type Decimal, toDecimal } from '../../src/domain/decimal';
import { centsText, type PriceBasis } from '../../src/domain/pricing';
import { STANDARD_VAT_RATE_PERCENT, vatOn } from '../../src/domain/tax-per-rate';
import type { CatalogueLanguage as Language } from '../i18n/request-language';

export type ChargeCode = 'delivery_fee' | 'cold_chain_surcharge' | 'minimum_order_fee';

/**
 * A suborder's charge: a stable code, its English name (stored with the order), a flat net amount and
 * the VAT rate it is taxed at (decision 007: a fee is a line of its own, at its own rate).
 */
export interface ExtraCharge {
  code: ChargeCode;
  name: string;
  amount: string;
  taxRatePercent: string;
}

/** A charge that would fall away if the warehouse's goods grew by `missing`. */
export interface AvoidableCharge extends ExtraCharge {
  missing: string;
}

/** Each charge's name in the nine interface languages. */
export const CHARGE_NAMES: Readonly<Record<ChargeCode, Readonly<Record<Language, string>>>> = {
  delivery_fee: {
    en: 'Delivery fee',
    tr: 'Teslimat ücreti',
    de: 'Liefergebühr',
    ar: 'رسوم التوصيل',
    es: 'Gastos de envío',
    fr: 'Frais de livraison',
    it: 'Spese di consegna',
    nn: 'Leveringsgebyr',
    sv: 'Leveransavgift',
  },
  cold_chain_surcharge: {
    en: 'Cold chain surcharge',
    tr: 'Soğuk zincir ek ücreti',
    de: 'Kühlkettenzuschlag',
    ar: 'رسوم إضافية لسلسلة التبريد',
    es: 'Recargo por cadena de frío',
    fr: 'Supplément chaîne du froid',
    it: 'Supplemento catena del freddo',
    nn: 'Tillegg for kjølekjede',
    sv: 'Kylkedjetillägg',
  },
  minimum_order_fee: {
    en: 'Minimum order fee',
    tr: 'Minimum sipariş ücreti',
    de: 'Mindermengenzuschlag',
    ar: 'رسوم الحد الأدنى للطلب',
    es: 'Recargo por pedido mínimo',
    fr: 'Frais de commande minimum',
    it: 'Supplemento per ordine minimo',
    nn: 'Gebyr for minstebestilling',
    sv: 'Avgift för minsta order',
  },
};

const isChargeCode = (code: string): code is ChargeCode => Object.hasOwn(CHARGE_NAMES, code);

/** A stored charge's name in the given language by its code; older rows without a code keep their stored name. */
export function chargeName(code: string | null | undefined, language: Language, storedName: string): string {
  return code && isChargeCode(code) ? CHARGE_NAMES[code][language] : storedName;
}

/**
 * The demo supplier's charges per suborder (the seeded order history follows the same rules): a
 * delivery fee when a warehouse's goods + deposit on the customer's price basis come to less than
 * the threshold, and a surcharge for warehouses that ship chilled goods. Amounts are net, like every
 * price the supplier keeps, each taxed at its configured rate (the standard rate unless set): on the
 * gross basis the customer sees and pays them with VAT.
 */
export const SMALL_ORDER_FEE = {
  code: 'delivery_fee',
  amount: '9.90',
  taxRatePercent: STANDARD_VAT_RATE_PERCENT,
  below: '250.00',
} as const;

/** keyed by warehouse id: Hamburg Cold Store ships in refrigerated vans */
export const WAREHOUSE_SURCHARGES: Readonly<
  Record<number, { code: ChargeCode; amount: string; taxRatePercent?: string }>
> = {
  2: { code: 'cold_chain_surcharge', amount: '4.50' },
};

export const charge = (
  code: ChargeCode,
  amount: string,
  taxRatePercent: string = STANDARD_VAT_RATE_PERCENT,
): ExtraCharge => ({ code, name: CHARGE_NAMES[code].en, amount, taxRatePercent });

/** The charges of one warehouse's suborder; `goodsAndDeposit` is on the customer's price basis. */
export function extraChargesFor(warehouseId: number, goodsAndDeposit: Decimal): ExtraCharge[] {
  const charges: ExtraCharge[] = [];
  if (goodsAndDeposit.lessThan(toDecimal(SMALL_ORDER_FEE.below)))
    charges.push(charge(SMALL_ORDER_FEE.code, SMALL_ORDER_FEE.amount, SMALL_ORDER_FEE.taxRatePercent));
  const surcharge = WAREHOUSE_SURCHARGES[warehouseId];
  if (surcharge) charges.push(charge(surcharge.code, surcharge.amount, surcharge.taxRatePercent));
  return charges;
}

/**
 * The charges that more goods from this warehouse would avoid: the delivery fee below its threshold,
 * its amount on the customer's basis (as it is charged on its own).
 */
export function avoidableChargesFor(goodsAndDeposit: Decimal, basis: PriceBasis): AvoidableCharge[] {
  const threshold = toDecimal(SMALL_ORDER_FEE.below);
  if (!goodsAndDeposit.lessThan(threshold)) return [];
  const net = toDecimal(SMALL_ORDER_FEE.amount);
  const amount = basis === 'gross' ? net.plus(vatOn(net, SMALL_ORDER_FEE.taxRatePercent)) : net;
  return [
    {
      ...charge(SMALL_ORDER_FEE.code, centsText(amount), SMALL_ORDER_FEE.taxRatePercent),
      missing: centsText(threshold.minus(goodsAndDeposit)),
    },
  ];
}
