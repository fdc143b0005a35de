import { parseQuickOrderFile } from './parse-quick-order-file.ts';
import type { PostReply, QuickOrderWorkerRequest } from './quick-order-worker-protocol.ts';
import { writeSheetWithStatus } from './write-sheet-with-status.ts';
import { writeQuickOrderTemplate } from './write-template.ts';

/** What the worker does with one request; separate from the entry file so Node tests can drive it. */
export async function handleQuickOrderRequest(
  request: QuickOrderWorkerRequest,
  post: PostReply,
): Promise<void> {
  try {
    switch (request.type) {
      case 'parse': {
        // Total 0 until the workbook is decoded: the page shows an indeterminate bar meanwhile.
        post({ type: 'progress', phase: 'reading', done: 0, total: 0 });
        const bytes = new Uint8Array(await request.file.arrayBuffer());
        const result = parseQuickOrderFile(bytes, request.fileName, {
          onProgress: (progress) => post({ type: 'progress', phase: 'reading', ...progress }),
        });
        post({ type: 'parsed', result });
        return;
      }
      case 'writeTemplate': {
        const bytes = writeQuickOrderTemplate();
        post({ type: 'template', bytes }, [bytes.buffer as ArrayBuffer]);
        return;
      }
      case 'writeStatus': {
        const bytes = new Uint8Array(await request.file.arrayBuffer());
        const result = writeSheetWithStatus(bytes, request.fileName, request.statuses, request.options);
        post(
          { type: 'statusSheet', result },
          result.kind === 'file' ? [result.bytes.buffer as ArrayBuffer] : [],
        );
        return;
      }
    }
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
