// Time to parse a 10,000-row quick-order file, as the worker does it. Prints figures; asserts nothing.
// Run: npx tsx scripts/bench-quick-order-parse.ts
import { utils, write } from '@e965/xlsx';
import { QUICK_ORDER_MAX_DATA_ROWS } from '../src/services/spreadsheet/limits.ts';
import { parsePastedLines } from '../src/services/spreadsheet/parse-pasted-lines.ts';
import { parseQuickOrderFile } from '../src/services/spreadsheet/parse-quick-order-file.ts';
import type { QuickOrderParseResult } from '../src/services/spreadsheet/quick-order-types.ts';

const RUNS = 5;
const units = ['box', 'piece', 'pallet', ''];

const rows = Array.from({ length: QUICK_ORDER_MAX_DATA_ROWS }, (_, index) => [
  `SKU-${String(index).padStart(6, '0')}`,
  (index % 48) + 1,
  units[index % units.length],
]);
const table = [['Stock code', 'Quantity', 'Unit'], ...rows];

function workbook(bookType: 'xlsx' | 'xls'): Uint8Array {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(table), 'Order');
  return new Uint8Array(write(book, { type: 'array', bookType, compression: true }) as ArrayBuffer);
}

const files: [string, Uint8Array][] = [
  ['order.xlsx', workbook('xlsx')],
  ['order.xls', workbook('xls')],
  ['order.csv', new TextEncoder().encode(table.map((row) => row.join(';')).join('\r\n'))],
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time(parse: () => QuickOrderParseResult): { first: number; median: number; rows: number } {
  const timings: number[] = [];
  let rowCount = 0;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const result = parse();
    timings.push(performance.now() - start);
    if (result.kind !== 'rows') throw new Error(`bench file refused: ${result.error}`);
    rowCount = result.rows.length;
  }
  return { first: timings[0]!, median: median(timings), rows: rowCount };
}

console.log(
  `Quick-order parse, ${QUICK_ORDER_MAX_DATA_ROWS} data rows, median of ${RUNS} runs (Node ${process.version})`,
);
for (const [name, bytes] of files) {
  const figures = time(() => parseQuickOrderFile(bytes, name));
  console.log(
    `${name.padEnd(12)} ${(bytes.length / 1024).toFixed(0).padStart(5)} KiB  median ${figures.median.toFixed(1).padStart(7)} ms  first ${figures.first.toFixed(1).padStart(7)} ms  ${figures.rows} rows`,
  );
}
const pasted = rows.map((row) => row.join('\t')).join('\n');
const pastedFigures = time(() => parsePastedLines(pasted));
console.log(
  `${'pasted text'.padEnd(12)} ${(pasted.length / 1024).toFixed(0).padStart(5)} KiB  median ${pastedFigures.median.toFixed(1).padStart(7)} ms  first ${pastedFigures.first.toFixed(1).padStart(7)} ms  ${pastedFigures.rows} rows`,
);
