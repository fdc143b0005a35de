import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeRowQuantity, changeRowUnit, checkQuickOrderRows } from '../../src/domain/quick-order';
import { boxedProduct, units } from '../../src/test/builders';
import { statusSheetContent } from '../../src/ui/screens/quick-order/status-sheet-content';

// What the quick order hands the status-sheet writer: one status per line on its first sheet row, with the
// quantity and unit that line was checked (or added) with.

const read = (rowNumber: number, quantityText: string, unitText = '', sourceRowNumbers = [rowNumber]) => ({
  rowNumber,
  sourceRowNumbers,
  stockCode: 'BOX-7',
  quantityText,
  quantity: /^\d+$/.test(quantityText) ? Number(quantityText) : null,
  unitText,
  problems: [],
});
const lookup = { productsByCode: new Map([['BOX-7', boxedProduct]]), units };

describe('the status sheet content', () => {
  it('gives a corrected row the quantity and the picked unit its status is about', () => {
    let rows = checkQuickOrderRows([read(2, 'many', 'barrel')], lookup);
    rows = changeRowQuantity(rows, 2, '3', units);
    rows = changeRowUnit(rows, 2, 2, units);
    const content = statusSheetContent(
      i18next.t,
      'en',
      [{ rowNumbers: [2], status: { kind: 'added' } }],
      rows,
    );
    expect(content).toEqual({
      statuses: [[2, 'Added']],
      usedValues: [[2, { quantity: '3', unit: 'box' }]],
    });
  });

  it('puts a merged line’s status on its first row and points the other rows at it', () => {
    const rows = checkQuickOrderRows([read(2, '5', '', [2, 4])], lookup);
    const content = statusSheetContent(
      i18next.t,
      'en',
      [{ rowNumbers: [2, 4], status: { kind: 'ok' } }],
      rows,
    );
    expect(content).toEqual({
      statuses: [
        [2, 'Ready'],
        [4, 'Counted in row 2'],
      ],
      usedValues: [[2, { quantity: '5', unit: '' }]],
    });
  });
});
