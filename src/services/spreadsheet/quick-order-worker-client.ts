import { QUICK_ORDER_MAX_BYTES } from './limits.ts';
import type {
  ParseProgress,
  QuickOrderParseResult,
  StatusSheetOptions,
  StatusSheetResult,
} from './quick-order-types.ts';
import type { QuickOrderWorkerReply, QuickOrderWorkerRequest } from './quick-order-worker-protocol.ts';

// The page's side of the quick-order worker. It imports types only, never the parser: the worker URL below
// is how the bundler finds the worker and puts SheetJS in the worker's chunk alone.

export interface WorkerCallOptions {
  /** Aborting terminates the worker at once (the customer cancelled or left the page). */
  signal?: AbortSignal;
}

/** Thrown when the worker itself failed (not for a bad file, which is a result). */
export class QuickOrderWorkerError extends Error {
  override name = 'QuickOrderWorkerError';
}

export function parseInWorker(
  file: File,
  onProgress?: (progress: ParseProgress) => void,
  options: WorkerCallOptions = {},
): Promise<QuickOrderParseResult> {
  // Refused before the worker and its spreadsheet library are even downloaded.
  if (file.size > QUICK_ORDER_MAX_BYTES) return Promise.resolve({ kind: 'error', error: 'tooLarge' });
  return runInWorker({ type: 'parse', file, fileName: file.name }, options, (reply) => {
    if (reply.type === 'progress') onProgress?.({ done: reply.done, total: reply.total });
    return reply.type === 'parsed' ? { value: reply.result } : undefined;
  });
}

export function writeTemplateInWorker(options: WorkerCallOptions = {}): Promise<Uint8Array> {
  return runInWorker({ type: 'writeTemplate' }, options, (reply) =>
    reply.type === 'template' ? { value: reply.bytes } : undefined,
  );
}

export function writeSheetWithStatusInWorker(
  file: File,
  statuses: ReadonlyMap<number, string>,
  sheetOptions: StatusSheetOptions,
  options: WorkerCallOptions = {},
): Promise<StatusSheetResult> {
  return runInWorker(
    { type: 'writeStatus', file, fileName: file.name, statuses, options: sheetOptions },
    options,
    (reply) => (reply.type === 'statusSheet' ? { value: reply.result } : undefined),
  );
}

function runInWorker<T>(
  request: QuickOrderWorkerRequest,
  options: WorkerCallOptions,
  onReply: (reply: QuickOrderWorkerReply) => { value: T } | undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const worker = new Worker(new URL('./quick-order.worker.ts', import.meta.url), { type: 'module' });
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<QuickOrderWorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'failed') {
        finish();
        reject(new QuickOrderWorkerError(reply.message));
        return;
      }
      const done = onReply(reply);
      if (done) {
        finish();
        resolve(done.value);
      }
    };
    worker.onerror = (event: ErrorEvent) => {
      finish();
      reject(new QuickOrderWorkerError(event.message || 'The quick-order worker could not run'));
    };
    worker.postMessage(request);
  });
}
