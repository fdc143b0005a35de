import type { HttpClient } from './client';
import {
  FLOW_NAME_MAX,
  type FlowScreensManifest,
  flowMachinePattern,
  flowScreensListWire,
  flowScreenVariantPattern,
  flowStatePattern,
  flowVersionPattern,
} from './wire/flow-screens';

type CallOptions = { signal?: AbortSignal | undefined };

/** One stored screenshot: a state of a machine version in one variant (`desktop-light-en`). */
export interface FlowScreenKey {
  machine: string;
  version: string;
  stateId: string;
  variant: string;
}

/** The statechart studio's screenshots of the flows' states (capability `studio`, flow reviewers only). */
export interface FlowScreensApi {
  /** GET /studio/flow-screens/<machine>/: the manifests of the machine's screenshot runs, newest first */
  flowScreens(machine: string, options?: CallOptions): Promise<FlowScreensManifest[]>;
  /** GET one screenshot (needs the bearer, so fetched, not linked): the image's bytes */
  flowScreenImage(key: FlowScreenKey, options?: CallOptions): Promise<Blob>;
}

/** A name goes into a path only when it matches its pattern, so no caller can smuggle in `../`. */
function segment(value: string, pattern: RegExp, what: string): string {
  if (value.length > FLOW_NAME_MAX || !pattern.test(value)) throw new RangeError(`not a ${what}: ${value}`);
  return value;
}

export function flowScreensApi(http: HttpClient): FlowScreensApi {
  return {
    flowScreens: async (machine, options = {}) =>
      http.call(
        {
          method: 'get',
          path: `studio/flow-screens/${segment(machine, flowMachinePattern, 'machine')}/`,
          signal: options.signal,
        },
        flowScreensListWire,
        (list) => list.manifests,
      ),
    flowScreenImage: async (key, options = {}) => {
      if (!flowScreenVariantPattern.test(key.variant))
        throw new RangeError(`not a screen variant: ${key.variant}`);
      const path = [
        'studio/flow-screens',
        segment(key.machine, flowMachinePattern, 'machine'),
        segment(key.version, flowVersionPattern, 'flow version'),
        segment(key.stateId, flowStatePattern, 'state id'),
        key.variant,
      ].join('/');
      return http.blob({ method: 'get', path, signal: options.signal });
    },
  };
}
