import ElkApi from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { ElkLayout } from './chart-layout';

/**
 * ELK off the main thread: elk-api posts the graph to elk-worker.min.js, which Vite copies as an
 * asset (a classic worker script, loaded only with the studio). Without workers (jsdom), the
 * bundled build runs in place, loaded only then.
 */
let worker: InstanceType<typeof ElkApi> | null = null;

export const browserElkLayout: ElkLayout = async (graph) => {
  if (typeof Worker === 'undefined') {
    const { default: Elk } = await import('elkjs/lib/elk.bundled.js');
    return new Elk().layout(graph);
  }
  worker ??= new ElkApi({ workerUrl: elkWorkerUrl });
  return worker.layout(graph);
};
