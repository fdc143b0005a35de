// Edges: net amounts in cents (Decimal) with their VAT rates in, the VAT of each amount and of each rate
// out (Decimal cents). Decision 007: VAT is computed per rate on the sum of that rate's nets.
import type Decimal from 'decimal.js';
import { type DecimalInput, ExactDecimal, toDecimal } from './decimal';

/** The standard German VAT rate: what a fee or surcharge is taxed at unless it is configured otherwise. */
export const STANDARD_VAT_RATE_PERCENT = '19.00';

/** One amount of a document (a line's goods, its deposit, a fee) before VAT, at its rate. */
export interface TaxedAmount {
  /** net, in cents */
  net: Decimal;
  ratePercent: DecimalInput;
}

/** What a document carries at one rate: the sum of that rate's nets, its VAT and their sum. */
export interface RateFigures {
  /** the rate as a plain decimal ("7", "19", "8.5") */
  ratePercent: string;
  net: Decimal;
  /** round(rate × net), half to even: the VAT the law asks for, never a sum of rounded parts */
  tax: Decimal;
  gross: Decimal;
}

const CENT = new ExactDecimal('0.01');
const toCents = (value: Decimal) => value.toDecimalPlaces(2, ExactDecimal.ROUND_HALF_EVEN);
const byRate = (a: RateFigures, b: RateFigures) =>
  toDecimal(a.ratePercent).comparedTo(toDecimal(b.ratePercent));
const rateKey = (ratePercent: DecimalInput) => toDecimal(ratePercent).toString();

/** VAT on one net amount at one rate: rate × net rounded once to the cent, half to even. */
export function vatOn(net: Decimal, ratePercent: DecimalInput): Decimal {
  return toCents(net.times(toDecimal(ratePercent)).dividedBy(100));
}

export interface AllocatedTaxes {
  /** the VAT share of each amount, in the order given; they sum to their rate's tax */
  shares: Decimal[];
  /** one entry per rate, lowest rate first */
  rates: RateFigures[];
}

/**
 * The VAT of each rate is round(rate × the sum of that rate's nets); each amount then carries a share
 * of it so that the amounts shown gross add up to the totals to the cent (decision 005). The shares
 * are the exact VAT of each amount rounded down, and the cents left over go to the amounts with the
 * largest remainders (the earlier amount on a tie): every share is within a cent of its amount's exact
 * VAT, a document of one amount gets exactly round(rate × net), and no share depends on the order of
 * the others beyond ties.
 */
export function allocateTaxes(amounts: readonly TaxedAmount[]): AllocatedTaxes {
  const groups = new Map<string, { ratePercent: Decimal; indices: number[]; net: Decimal }>();
  amounts.forEach((amount, index) => {
    const key = rateKey(amount.ratePercent);
    const group = groups.get(key) ?? {
      ratePercent: toDecimal(amount.ratePercent),
      indices: [],
      net: new ExactDecimal(0),
    };
    group.indices.push(index);
    group.net = group.net.plus(amount.net);
    groups.set(key, group);
  });
  const shares = amounts.map(() => new ExactDecimal(0));
  const rates: RateFigures[] = [];
  for (const [key, group] of groups) {
    const tax = vatOn(group.net, group.ratePercent);
    const exact = group.indices.map((index) =>
      (amounts[index] as TaxedAmount).net.times(group.ratePercent).dividedBy(100),
    );
    const floors = exact.map((value) => value.toDecimalPlaces(2, ExactDecimal.ROUND_FLOOR));
    let left = tax.minus(floors.reduce((sum, value) => sum.plus(value), new ExactDecimal(0)));
    const byRemainder = group.indices
      .map((index, position) => ({
        index,
        position,
        remainder: (exact[position] as Decimal).minus(floors[position] as Decimal),
      }))
      .sort((a, b) => b.remainder.comparedTo(a.remainder) || a.position - b.position);
    group.indices.forEach((index, position) => {
      shares[index] = floors[position] as Decimal;
    });
    for (const { index } of byRemainder) {
      if (!left.greaterThan(0)) break;
      shares[index] = (shares[index] as Decimal).plus(CENT);
      left = left.minus(CENT);
    }
    rates.push({ ratePercent: key, net: group.net, tax, gross: group.net.plus(tax) });
  }
  return { shares, rates: rates.sort(byRate) };
}

/** Adds per-rate figures of several documents (an order's shipments) rate by rate. */
export function sumRateFigures(documents: readonly (readonly RateFigures[])[]): RateFigures[] {
  const sums = new Map<string, RateFigures>();
  for (const rates of documents)
    for (const rate of rates) {
      const known = sums.get(rate.ratePercent);
      sums.set(
        rate.ratePercent,
        known
          ? {
              ratePercent: rate.ratePercent,
              net: known.net.plus(rate.net),
              tax: known.tax.plus(rate.tax),
              gross: known.gross.plus(rate.gross),
            }
          : rate,
      );
    }
  return [...sums.values()].sort(byRate);
}

/** Per-rate figures as they travel: decimal text with two places, the rate as given. */
export function rateTaxesText(
  rates: readonly RateFigures[],
): { rate_percent: string; net: string; tax: string; gross: string }[] {
  const text = (value: Decimal) => toCents(value).toFixed(2);
  return rates.map((rate) => ({
    rate_percent: toDecimal(rate.ratePercent).toFixed(2),
    net: text(rate.net),
    tax: text(rate.tax),
    gross: text(rate.gross),
  }));
}

/**
 * A document's VAT when some amounts come on top of others (fees on top of the goods): the first
 * amounts are shared among themselves exactly as `allocateTaxes` shares them alone, so the goods show
 * the same figures with or without fees; each rate's VAT is still round(rate × all its nets), and the
 * fees of a rate carry the difference (the largest fee of the rate takes the odd cent).
 */
export function allocateTaxesOnTop(
  first: readonly TaxedAmount[],
  onTop: readonly TaxedAmount[],
): AllocatedTaxes {
  const base = allocateTaxes(first);
  const whole = allocateTaxes([...first, ...onTop]);
  const own = allocateTaxes(onTop);
  const shares = [...base.shares, ...own.shares];
  for (const rate of whole.rates) {
    const baseTax =
      base.rates.find((entry) => entry.ratePercent === rate.ratePercent)?.tax ?? new ExactDecimal(0);
    const indices = onTop.flatMap((amount, index) =>
      rateKey(amount.ratePercent) === rate.ratePercent ? [index] : [],
    );
    if (indices.length === 0) continue;
    const carried = indices.reduce(
      (sum, index) => sum.plus(own.shares[index] as Decimal),
      new ExactDecimal(0),
    );
    const difference = rate.tax.minus(baseTax).minus(carried);
    const largest = indices.reduce((best, index) =>
      (onTop[index] as TaxedAmount).net.greaterThan((onTop[best] as TaxedAmount).net) ? index : best,
    );
    const position = first.length + largest;
    shares[position] = (shares[position] as Decimal).plus(difference);
  }
  return { shares, rates: whole.rates };
}
