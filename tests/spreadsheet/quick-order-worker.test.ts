import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  parseInWorker,
  QuickOrderWorkerError,
  writeSheetWithStatusInWorker,
  writeTemplateInWorker,
} from '../../src/services/spreadsheet/quick-order-worker-client.ts';
import { handleQuickOrderRequest } from '../../src/services/spreadsheet/quick-order-worker-handler.ts';
import type {
  QuickOrderWorkerReply,
  QuickOrderWorkerRequest,
} from '../../src/services/spreadsheet/quick-order-worker-protocol.ts';
import { expectRows } from './expect-rows.ts';
import { xlsxBytes } from './fixtures.ts';

// Node has no Web Worker: this stand-in runs the real request handler in-process, asynchronously, through
// the same postMessage/onmessage contract, and records what the client did with it.
class FakeWorker {
  static created: FakeWorker[] = [];
  static failWith: string | undefined;
  onmessage: ((event: MessageEvent<QuickOrderWorkerReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;

  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.created.push(this);
  }

  postMessage(request: QuickOrderWorkerRequest): void {
    setTimeout(() => {
      if (FakeWorker.failWith) {
        this.onerror?.({ message: FakeWorker.failWith } as ErrorEvent);
        return;
      }
      void handleQuickOrderRequest(request, (reply) => {
        if (!this.terminated) this.onmessage?.({ data: reply } as MessageEvent<QuickOrderWorkerReply>);
      });
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}

const orderFile = () =>
  new File(
    [
      xlsxBytes([
        ['Stock code', 'Quantity'],
        ...Array.from({ length: 2500 }, (_, index) => [`S-${index}`, 1]),
        ['BAD', 'x'],
      ]) as Uint8Array<ArrayBuffer>,
    ],
    'order.xlsx',
  );

describe('quick-order worker client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.created = [];
    FakeWorker.failWith = undefined;
  });

  it('parses in a module worker created from the worker file, reports progress and ends the worker', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const progress: { done: number; total: number }[] = [];
    const result = expectRows(await parseInWorker(orderFile(), (step) => progress.push(step)));
    expect(result.rows).toHaveLength(2501);
    expect(result.rows.at(-1)).toMatchObject({ rowNumber: 2502, problems: ['invalidQuantity'] });
    expect(progress[0]).toEqual({ done: 0, total: 0 });
    expect(progress.at(-1)).toEqual({ done: 2502, total: 2502 });
    expect(progress.length).toBeGreaterThan(3);
    const [worker] = FakeWorker.created;
    expect(worker?.url.pathname).toMatch(/\/quick-order\.worker\.ts$/);
    expect(worker?.options).toEqual({ type: 'module' });
    expect(worker?.terminated).toBe(true);
  });

  it('writes the template and the status sheet through the worker', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const template = await writeTemplateInWorker();
    expect(Array.from(template.subarray(0, 2))).toEqual([0x50, 0x4b]);
    const status = await writeSheetWithStatusInWorker(orderFile(), new Map([[2502, 'Invalid quantity']]), {
      statusHeader: 'Status',
    });
    expect(status).toMatchObject({ kind: 'file', fileName: 'order-status.xlsx' });
  });

  it('stops the worker when the caller aborts and rejects with the abort reason', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const controller = new AbortController();
    const parsing = parseInWorker(orderFile(), undefined, { signal: controller.signal });
    controller.abort(new DOMException('cancelled', 'AbortError'));
    await expect(parsing).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeWorker.created[0]?.terminated).toBe(true);
  });

  it('rejects with a worker error when the worker cannot run', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.failWith = 'script failed to load';
    await expect(parseInWorker(orderFile())).rejects.toBeInstanceOf(QuickOrderWorkerError);
    expect(FakeWorker.created[0]?.terminated).toBe(true);
  });

  it('refuses a file over 5 MB without starting a worker', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const file = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.xlsx');
    expect(await parseInWorker(file)).toEqual({ kind: 'error', error: 'tooLarge' });
    expect(FakeWorker.created).toEqual([]);
  });

  it('answers a file that is not a spreadsheet with the format error, not a rejection', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const file = new File([new Uint8Array([0, 159, 146, 150, 0, 1])], 'photo.xlsx');
    expect(await parseInWorker(file)).toEqual({ kind: 'error', error: 'incorrectFormat' });
  });
});

describe('quick-order worker entry', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers a message posted to the worker scope', async () => {
    const replies: QuickOrderWorkerReply[] = [];
    const scope: {
      onmessage?: (event: { data: QuickOrderWorkerRequest }) => void;
      postMessage: (r: QuickOrderWorkerReply) => void;
    } = {
      postMessage: (reply) => replies.push(reply),
    };
    vi.stubGlobal('self', scope);
    await import('../../src/services/spreadsheet/quick-order.worker.ts');
    const file = new File([new TextEncoder().encode('SKU;Qty\nA-1;2\n')], 'o.csv');
    scope.onmessage?.({ data: { type: 'parse', file, fileName: 'o.csv' } });
    await vi.waitFor(() => expect(replies.at(-1)?.type).toBe('parsed'));
    expect(replies.at(-1)).toMatchObject({
      result: { kind: 'rows', rows: [{ rowNumber: 2, stockCode: 'A-1' }] },
    });
  });
});
