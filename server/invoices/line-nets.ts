import { type Decimal, ExactDecimal } from '../../src/domain/decimal';

const CENT = new ExactDecimal('0.01');
const floorCents = (value: Decimal) => value.toDecimalPlaces(2, ExactDecimal.ROUND_FLOOR);

/** Whether `share` is a VAT share allocateTaxes can give `net`: its exact VAT rounded down, or a cent more. */
const isShareOf = (share: Decimal, net: Decimal, rate: Decimal) => {
  const floor = floorCents(net.times(rate).dividedBy(100));
  return share.equals(floor) || share.equals(floor.plus(CENT));
};

/**
 * The nets of a stored gross line: its goods and deposit each carry a share of the rate's VAT
 * (decision 007, `allocateTaxes`), and only their sum is stored. Their sum of nets is exact
 * (goods + deposit − VAT); the split is the one whose shares allocateTaxes could have given, the
 * goods net a whole multiple of the quantity where the quantity is whole (quantity × unit net).
 * Lines stored under older rules, where no split fits, split the VAT in proportion.
 */
export function grossLineNets(
  goods: Decimal,
  deposit: Decimal,
  tax: Decimal,
  ratePercent: Decimal,
  quantity: Decimal,
): { goods: Decimal; deposit: Decimal } {
  const net = goods.plus(deposit).minus(tax);
  if (tax.isZero()) return { goods, deposit };
  if (deposit.isZero()) return { goods: net, deposit: deposit };
  const estimate = goods.times(100).dividedBy(ratePercent.plus(100)).toDecimalPlaces(2);
  const fits: Decimal[] = [];
  for (let step = -3; step <= 3; step += 1) {
    const goodsNet = estimate.plus(CENT.times(step));
    const depositNet = net.minus(goodsNet);
    if (goodsNet.isNegative() || depositNet.isNegative()) continue;
    if (!isShareOf(goods.minus(goodsNet), goodsNet, ratePercent)) continue;
    if (!isShareOf(deposit.minus(depositNet), depositNet, ratePercent)) continue;
    fits.push(goodsNet);
  }
  const whole = quantity.isInteger() && !quantity.isZero();
  const best =
    fits.find((goodsNet) => whole && goodsNet.times(100).modulo(quantity).isZero()) ??
    fits.sort((a, b) => a.minus(estimate).abs().comparedTo(b.minus(estimate).abs()))[0];
  if (best) return { goods: best, deposit: net.minus(best) };
  const goodsTax = tax.times(goods).dividedBy(goods.plus(deposit)).toDecimalPlaces(2);
  return { goods: goods.minus(goodsTax), deposit: deposit.minus(tax.minus(goodsTax)) };
}

/** A unit price shown beside a quantity: to the cent when it divides evenly, else to four places. */
export function unitPriceOf(netAmount: Decimal, quantity: Decimal): string {
  if (quantity.isZero()) return netAmount.toFixed(2);
  const price = netAmount.dividedBy(quantity);
  return price.toDecimalPlaces(2).equals(price) ? price.toFixed(2) : price.toDecimalPlaces(4).toFixed(4);
}
