import { describe, expect, it } from 'vitest';
import { nameCollator } from '../../src/domain/name-collation';

describe('name collation (built on first use, once per language and options)', () => {
  it('hands out one collator per language and options', () => {
    const options = { sensitivity: 'base', numeric: true } as const;
    expect(nameCollator('sv', options)).toBe(nameCollator('sv', { ...options }));
    expect(nameCollator('sv', options)).not.toBe(nameCollator('de', options));
    expect(nameCollator('sv', options)).not.toBe(nameCollator('sv', { sensitivity: 'base' }));
  });

  it('orders as the language orders letters', () => {
    const names = ['Äpple', 'Zebra', 'Apelsin'];
    expect([...names].sort(nameCollator('sv', { sensitivity: 'base' }).compare)).toEqual([
      'Apelsin',
      'Zebra',
      'Äpple',
    ]);
    expect([...names].sort(nameCollator('de', { sensitivity: 'base' }).compare)).toEqual([
      'Apelsin',
      'Äpple',
      'Zebra',
    ]);
  });
});
