import { describe, expect, it } from 'vitest';
import { DelimitedStream } from '../../server/imports/delimited-stream';
import { ImportFileError, readSourceRows } from '../../server/imports/row-reader';
import { plainNumberText } from '../../server/imports/workbook-rows';
import { parseDelimited } from '../../src/domain/spreadsheet/delimited-text';

const columns = {
  columns: { id: ['id', 'code'], value: ['value', 'price'] },
  requiredColumns: ['id', 'value'],
};

async function* pieces(...parts: Uint8Array[]) {
  yield* parts;
}

async function rowsOf(bytes: Uint8Array[], skip = 0) {
  const rows = [];
  for await (const row of readSourceRows('csv', pieces(...bytes), columns, skip)) rows.push(row);
  return rows;
}

const file = 'Code;Price;Note\r\nA1;"1,5";"a ""quoted""\r\nline"\r\n\r\nB2;ø é 😀;x\nC3;3;\r\n';

describe('the streamed CSV reader', () => {
  it('reads a file cut into two pieces anywhere exactly as the whole file', async () => {
    const bytes = new TextEncoder().encode(file);
    const whole = await rowsOf([bytes]);
    expect(whole).toEqual([
      { rowNumber: 2, fields: { id: 'A1', value: '1,5' } },
      { rowNumber: 4, fields: { id: 'B2', value: 'ø é 😀' } },
      { rowNumber: 5, fields: { id: 'C3', value: '3' } },
    ]);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await rowsOf([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(whole);
    }
  });

  it('parses text fed a character at a time as the quick order parses it whole', () => {
    const stream = new DelimitedStream(';');
    const records = [...file].flatMap((char) => stream.push(char)).concat(stream.end());
    expect(records).toEqual(parseDelimited(file, ';'));
  });

  it('starts after the rows a previous run applied', async () => {
    const rows = await rowsOf([new TextEncoder().encode(file)], 2);
    expect(rows.map((row) => row.fields.id)).toEqual(['C3']);
  });

  it('reads Windows-1252 and UTF-16 files', async () => {
    const latin = Uint8Array.from([...'id,value\nA,caf'].map((c) => c.charCodeAt(0)).concat([0xe9, 0x0a]));
    expect((await rowsOf([latin]))[0]?.fields.value).toBe('café');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id\tvalue\nA\tü\n', 'utf16le')]);
    expect((await rowsOf([utf16]))[0]?.fields).toEqual({ id: 'A', value: 'ü' });
  });

  it('names the missing columns', async () => {
    const reading = rowsOf([new TextEncoder().encode('id,amount\nA,1\n')]);
    await expect(reading).rejects.toBeInstanceOf(ImportFileError);
    await expect(reading).rejects.toMatchObject({
      code: 'columns_missing',
      detail: expect.stringContaining('value'),
    });
  });
});

describe('a workbook number', () => {
  it('is its shortest exact text, never in exponent form', () => {
    expect([0.1, 1.5, 1e-7, -2.5e-8, 1e21, 4006381333931].map(plainNumberText)).toEqual([
      '0.1',
      '1.5',
      '0.0000001',
      '-0.000000025',
      '1000000000000000000000',
      '4006381333931',
    ]);
  });
});
