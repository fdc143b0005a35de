import type { HttpClient } from './client';
import { type SignOffWire, signOffListWire, signOffWire } from './wire/flow-sign-offs';

type CallOptions = { signal?: AbortSignal | undefined };

/** A version of a flow a product owner signed off in the statechart studio. */
export interface FlowSignOff {
  id: number;
  machine: string;
  version: string;
  comment: string;
  /** the signer's name; null once their account was removed */
  signedBy: string | null;
  signedAt: string;
}

export interface SignOffRequest {
  machine: string;
  version: string;
  comment: string;
}

/** /studio/sign-offs/ (the reference server only: the 'studio' capability). */
export interface FlowSignOffsApi {
  /** GET /studio/sign-offs/?machine=: the machine's sign-offs, newest first */
  flowSignOffs(machine: string, options?: CallOptions): Promise<FlowSignOff[]>;
  /** POST /studio/sign-offs/: signs the version off; the stored sign-off */
  signOffFlow(request: SignOffRequest, options?: CallOptions): Promise<FlowSignOff>;
}

const toFlowSignOff = (wire: SignOffWire): FlowSignOff => ({
  id: wire.id,
  machine: wire.machine,
  version: wire.version,
  comment: wire.comment,
  signedBy: wire.signed_by,
  signedAt: wire.signed_at,
});

export function flowSignOffsApi(http: HttpClient): FlowSignOffsApi {
  return {
    flowSignOffs: (machine, options = {}) =>
      http.call(
        {
          method: 'get',
          path: `studio/sign-offs/?machine=${encodeURIComponent(machine)}`,
          signal: options.signal,
        },
        signOffListWire,
        (list) => list.sign_offs.map(toFlowSignOff),
      ),
    signOffFlow: (request, options = {}) =>
      http.call(
        { method: 'post', path: 'studio/sign-offs/', json: request, signal: options.signal },
        signOffWire,
        toFlowSignOff,
      ),
  };
}
