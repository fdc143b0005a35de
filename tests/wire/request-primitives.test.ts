import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  cartBulkWriteWire,
  cartItemWriteWire,
  id,
  idRef,
  lineText,
  MAX_ID,
  multiLine,
  noNul,
  orderPreviewWire,
  orderSubmissionWire,
  quantityInput,
  singleLine,
} from '../../src/services/api/wire';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('idRef: an id a request names', () => {
  it.each([1, 42, MAX_ID])('takes %d', (value) => {
    expect(idRef.parse(value)).toBe(value);
  });

  it.each([0, -1, MAX_ID + 1, 2 ** 53, 1.5, '7', null])('refuses %s with the accepted range', (value) => {
    const result = idRef.safeParse(value);
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe('Expected a whole number from 1 to 2147483647.');
  });

  it('leaves the answers’ id as loose as before: 0 and large ids still parse', () => {
    expect(id.parse(0)).toBe(0);
    expect(id.parse(MAX_ID + 1)).toBe(MAX_ID + 1);
    const preview = {
      totals: {
        subtotal: '0',
        discount_amount: '0',
        tax: '0',
        deposit_total: '0',
        total: '0',
        total_without_tax: '0',
      },
      tax_applies: false,
      total: '0',
      suborders: [
        {
          warehouse: { id: 1, name: 'Hamburg' },
          operator: { id: 0, name: '', phone: '' },
          items: [],
          subtotal: '0',
          discount_amount: '0',
          deposit_total: '0',
          tax: '0',
          extra_charges: [],
          total: '0',
        },
      ],
    };
    expect(orderPreviewWire.safeParse(preview).success).toBe(true);
  });
});

describe('text checks', () => {
  const one = z.string().check(singleLine());
  const many = z.string().check(multiLine());
  const typed = z.string().check(noNul());

  it('singleLine takes any printable text, accents, emoji and U+2028 included', () => {
    for (const text of ['', 'Müller & Söhne', 'Ça va? 🍎', 'a\u2028b', 'İstanbul'])
      expect(one.safeParse(text).success, JSON.stringify(text)).toBe(true);
  });

  it.each(['\u0000', '\u0001', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009f'])(
    'singleLine refuses U+%s',
    (control) => {
      const result = one.safeParse(`a${control}b`);
      expect(result.success).toBe(false);
      expect(firstMessage(result)).toBe('Control characters (such as NUL or a line break) are not allowed.');
    },
  );

  it('multiLine takes tabs and line breaks but no other control character', () => {
    expect(many.safeParse('Back door.\r\n\tRing twice.\n').success).toBe(true);
    for (const control of ['\u0000', '\u0007', '\u000b', '\u000c', '\u007f']) {
      const result = many.safeParse(`a${control}b`);
      expect(result.success, JSON.stringify(control)).toBe(false);
      expect(firstMessage(result)).toBe(
        'Control characters (such as NUL) are not allowed; line breaks and tabs are.',
      );
    }
  });

  it('noNul refuses only NUL (a password set before the rule may hold a tab)', () => {
    expect(typed.safeParse('pass\tword\u0001').success).toBe(true);
    expect(typed.safeParse('pass\u0000word').success).toBe(false);
  });

  it('lineText bounds the length and the characters', () => {
    expect(lineText(3).safeParse('abc').success).toBe(true);
    expect(lineText(3).safeParse('abcd').success).toBe(false);
    expect(lineText(3).safeParse('a\u0000').success).toBe(false);
  });
});

describe('quantityInput: a quantity as text or as a JSON number', () => {
  it.each([
    ['3', '3'],
    [3, '3'],
    ['2.5', '2.5'],
    [2.5, '2.5'],
    [0.1, '0.1'],
    [-0, '0'],
    ['-1', '-1'],
    [123456789012, '123456789012'],
  ])('reads %j as %j', (input, text) => {
    expect(quantityInput.parse(input)).toBe(text);
  });

  it.each([
    1e21,
    1e-7,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '1e3',
    ' 3',
    '3.',
    '.5',
    '',
    '0x10',
    true,
    null,
    [3],
  ])('refuses %j', (input) => {
    expect(quantityInput.safeParse(input).success).toBe(false);
  });
});

describe('cart writes and orders are liberal where the meaning is plain', () => {
  it('reads a cart write without a campaign as campaign null, and a number quantity as text', () => {
    expect(cartItemWriteWire.parse({ product: 7, quantity: 2, unit: 1 })).toEqual({
      product: 7,
      campaign: null,
      quantity: '2',
      unit: 1,
    });
    expect(cartBulkWriteWire.parse({ items: [{ product: 7, quantity: 2.5, unit: 1 }] })).toEqual({
      items: [{ product: 7, campaign: null, quantity: '2.5', unit: 1 }],
    });
  });

  it('keeps a campaign that is sent', () => {
    expect(cartItemWriteWire.parse({ product: 7, campaign: 3, quantity: '2', unit: 1 }).campaign).toBe(3);
  });

  it('reads an order without a customer note as an empty note', () => {
    const parsed = orderSubmissionWire.parse({
      items: [{ product: 7, quantity: '1', unit: 1 }],
      expected_delivery_date: '2026-11-28',
      is_preorder: false,
    });
    expect(parsed.customer_note).toBe('');
  });

  it('bounds the cart line an order line names', () => {
    const result = orderSubmissionWire.safeParse({
      items: [{ product: 7, quantity: '1', unit: 1, cart_item: MAX_ID + 1 }],
      expected_delivery_date: '2026-11-28',
      is_preorder: false,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['items', 0, 'cart_item']);
  });
});
