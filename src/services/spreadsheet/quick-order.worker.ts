/// <reference lib="webworker" />
// Web Worker entry: the only module graph that loads SheetJS, so the main bundle never carries it and a
// large sheet never blocks the page.
import { handleQuickOrderRequest } from './quick-order-worker-handler.ts';
import type { QuickOrderWorkerRequest } from './quick-order-worker-protocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<QuickOrderWorkerRequest>) => {
  void handleQuickOrderRequest(event.data, (reply, transfer) => scope.postMessage(reply, transfer ?? []));
};
