import { describe, expect, it } from 'vitest';
import { recogniseHeader } from '../../src/domain/spreadsheet/header-vocabulary.ts';

describe('recogniseHeader', () => {
  it.each([
    ['en', 'Stock code', 'stockCode'],
    ['en', 'SKU', 'stockCode'],
    ['en', 'Barcode', 'barcode'],
    ['en', 'Qty.', 'quantity'],
    ['en', 'Unit', 'unit'],
    ['tr', 'Stok Kodu', 'stockCode'],
    ['tr', 'MİKTAR', 'quantity'],
    ['tr', 'Birim', 'unit'],
    ['tr', 'Barkod', 'barcode'],
    ['de', 'Artikelnummer', 'stockCode'],
    ['de', 'Menge', 'quantity'],
    ['de', 'Einheit', 'unit'],
    ['de', 'Stückzahl', 'quantity'],
    ['ar', 'رمز المخزون', 'stockCode'],
    ['ar', 'الكمية', 'quantity'],
    ['ar', 'الوحدة', 'unit'],
    ['ar', 'الباركود', 'barcode'],
    ['es', 'Código de artículo', 'stockCode'],
    ['es', 'Cantidad', 'quantity'],
    ['es', 'Unidad', 'unit'],
    ['fr', 'Référence', 'stockCode'],
    ['fr', 'Quantité', 'quantity'],
    ['fr', 'Unité', 'unit'],
    ['fr', 'Code-barres', 'barcode'],
    ['it', 'Codice articolo', 'stockCode'],
    ['it', 'Quantità', 'quantity'],
    ['it', 'Unità', 'unit'],
    ['nn', 'Varenummer', 'stockCode'],
    ['nn', 'Mengd', 'quantity'],
    ['nn', 'Eining', 'unit'],
    ['sv', 'Artikelnummer', 'stockCode'],
    ['sv', 'Antal', 'quantity'],
    ['sv', 'Enhet', 'unit'],
    ['sv', 'Streckkod', 'barcode'],
  ])('%s: %j names the %s column', (_language, text, field) => {
    expect(recogniseHeader(text)?.field).toBe(field);
  });

  it('ignores punctuation, a parenthesised note and surrounding space', () => {
    expect(recogniseHeader('  Quantity (pcs) * ')?.field).toBe('quantity');
    expect(recogniseHeader('stock_code:')?.field).toBe('stockCode');
  });

  it('does not take a stock level for a stock code', () => {
    expect(recogniseHeader('Stock quantity')).toBeUndefined();
    expect(recogniseHeader('Price')).toBeUndefined();
  });
});
