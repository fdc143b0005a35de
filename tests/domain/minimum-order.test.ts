import { describe, expect, it } from 'vitest';
import {
  applicableMinimumOrder,
  type MinimumOrderRule,
  minimumOrderShortfall,
} from '../../src/domain/minimum-order';

const block150: MinimumOrderRule = { value: '150.00', mode: 'block', fee: null };
const fee100: MinimumOrderRule = { value: '100.00', mode: 'fee', fee: '15.00' };

describe('applicableMinimumOrder', () => {
  it('takes the company rule over the route rule', () => {
    expect(applicableMinimumOrder(fee100, block150)).toEqual(fee100);
  });

  it('falls back to the route rule when the company has none', () => {
    expect(applicableMinimumOrder(null, block150)).toEqual(block150);
  });

  it('answers null when neither sets a minimum', () => {
    expect(applicableMinimumOrder(null, null)).toBeNull();
  });
});

describe('minimumOrderShortfall', () => {
  it('tells how much is missing below a block minimum and owes no fee', () => {
    expect(minimumOrderShortfall(block150, '111.50')).toEqual({
      reached: false,
      missing: '38.50',
      fee: null,
    });
  });

  it('is reached at exactly the value', () => {
    expect(minimumOrderShortfall(block150, '150.00')).toEqual({ reached: true, missing: '0.00', fee: null });
  });

  it('is reached above the value with nothing missing', () => {
    expect(minimumOrderShortfall(block150, '150.01')).toEqual({ reached: true, missing: '0.00', fee: null });
  });

  it('misses one cent just below the value', () => {
    expect(minimumOrderShortfall(block150, '149.99')).toEqual({ reached: false, missing: '0.01', fee: null });
  });

  it('owes the fee below a fee minimum', () => {
    expect(minimumOrderShortfall(fee100, '40')).toEqual({ reached: false, missing: '60.00', fee: '15.00' });
  });

  it('owes no fee once a fee minimum is reached', () => {
    expect(minimumOrderShortfall(fee100, '100')).toEqual({ reached: true, missing: '0.00', fee: null });
  });

  it('rounds a fractional-cent gap up, so adding the missing amount reaches the value', () => {
    expect(minimumOrderShortfall(block150, '149.995')).toEqual({
      reached: false,
      missing: '0.01',
      fee: null,
    });
  });

  it('treats an empty order as missing the whole value', () => {
    expect(minimumOrderShortfall(block150, '0')).toEqual({ reached: false, missing: '150.00', fee: null });
  });
});
