import { describe, expect, it } from 'vitest';
import { InvoiceFileCache } from '../../server/invoices/invoice-file-cache';

const bytes = (size: number, fill = 1) => new Uint8Array(size).fill(fill);

/** A generator that counts how often it ran: a cached file is not generated again. */
function counting(size = 10) {
  const runs: number[] = [];
  const make = (id: number) => async () => {
    runs.push(id);
    return bytes(size, id);
  };
  return { runs, make };
}

describe('InvoiceFileCache', () => {
  it('generates a document’s file once and answers the same bytes after', async () => {
    const cache = new InvoiceFileCache({ maxBytes: 1000 });
    const { runs, make } = counting();
    const first = await cache.file(7, 'factur-x', make(7));
    const again = await cache.file(7, 'factur-x', make(7));
    expect(again).toEqual(first);
    expect(runs).toEqual([7]);
    // another kind of file of the same document is its own entry
    await cache.file(7, 'xrechnung', make(7));
    expect(runs).toEqual([7, 7]);
  });

  it('holds at most its bound, dropping the file used longest ago, however many documents were issued', async () => {
    const cache = new InvoiceFileCache({ maxBytes: 50 });
    const { runs, make } = counting(10);
    for (let id = 1; id <= 5; id += 1) await cache.file(id, 'factur-x', make(id));
    // 1 is used again, so 2 is now the one used longest ago
    await cache.file(1, 'factur-x', make(1));
    for (let id = 6; id <= 200; id += 1) {
      await cache.file(id, 'factur-x', make(id));
      expect(cache.byteSize).toBeLessThanOrEqual(50);
    }
    expect(cache.entryCount).toBe(5);
    runs.length = 0;
    await cache.file(200, 'factur-x', make(200));
    await cache.file(196, 'factur-x', make(196));
    expect(runs).toEqual([]);
    await cache.file(1, 'factur-x', make(1));
    expect(runs).toEqual([1]);
  });

  it('keeps a file larger than its bound out, and the others in', async () => {
    const cache = new InvoiceFileCache({ maxBytes: 50 });
    const { runs, make } = counting(10);
    await cache.file(1, 'factur-x', make(1));
    const big = await cache.file(2, 'factur-x', async () => bytes(80));
    expect(big).toHaveLength(80);
    expect(cache.entryCount).toBe(1);
    await cache.file(1, 'factur-x', make(1));
    expect(runs).toEqual([1]);
  });

  it('generates a file asked for twice at once only once', async () => {
    const cache = new InvoiceFileCache({ maxBytes: 1000 });
    const { runs, make } = counting();
    const [a, b] = await Promise.all([
      cache.file(3, 'factur-x', make(3)),
      cache.file(3, 'factur-x', make(3)),
    ]);
    expect(a).toEqual(b);
    expect(runs).toEqual([3]);
  });

  it('remembers no failure: the next request generates again', async () => {
    const cache = new InvoiceFileCache({ maxBytes: 1000 });
    await expect(
      cache.file(4, 'factur-x', async () => {
        throw new Error('library failed');
      }),
    ).rejects.toThrow('library failed');
    const { runs, make } = counting();
    await cache.file(4, 'factur-x', make(4));
    expect(runs).toEqual([4]);
  });
});
