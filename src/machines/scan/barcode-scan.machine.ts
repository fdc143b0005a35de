import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { parseScannedCode, type ScannedCode } from '../../domain/gtin';
import { parseQuantity } from '../../domain/quantity';
import type { CampaignProduct, Product } from '../../domain/types';
import type { GtinMatch } from '../../services/api/gtin-lookup';
import type { CameraProblem, ScanFormat } from '../../services/scanning/formats';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';

/** Why a code is not a product's: the reasons of `parseScannedCode`. */
export type CodeProblem = Extract<ScannedCode, { ok: false }>['reason'];

export interface BarcodeScanInput {
  /** the backend announced `barcodeLookup` (without it the lookup searches by barcode) */
  barcodeLookup: boolean;
}

export interface ScanFound {
  product: Product | CampaignProduct;
  /** the unit the code belongs to: a case code the box, a unit code the piece */
  codeUnit: number;
  gtin: string;
}

/** What the scan hands its host: the product, the unit and the quantity the buyer confirmed. */
export interface ScanResult {
  product: Product | CampaignProduct;
  unit: number;
  quantity: number;
}

export interface BarcodeScanContext {
  barcodeLookup: boolean;
  /** set once the camera could not start: the dialog stays with typing */
  cameraProblem: CameraProblem | null;
  /** what the buyer typed into the code box */
  typed: string;
  /** the code last read or submitted, as read */
  code: string;
  /** the 14-digit GTIN of a valid code, and the count its GS1 AI 30/37 carried */
  gtin: string | null;
  count: number | null;
  problem: CodeProblem | null;
  found: ScanFound | null;
  unit: number | null;
  quantityText: string;
  error: ErrorInfo | null;
  result: ScanResult | null;
}

export type BarcodeScanEvent =
  /** from the camera: it shows a picture now */
  | { type: 'scan.cameraReady' }
  | { type: 'scan.cameraFailed'; problem: CameraProblem }
  /** from the camera: a code was read in a frame */
  | { type: 'scan.detected'; text: string; format?: ScanFormat }
  | { type: 'scan.typeChosen' }
  | { type: 'scan.cameraChosen' }
  | { type: 'scan.codeTyped'; text: string }
  | { type: 'scan.codeSubmitted' }
  | { type: 'scan.retried' }
  | { type: 'scan.unitChosen'; unit: number }
  | { type: 'scan.quantityTyped'; text: string }
  | { type: 'scan.confirmed' }
  | { type: 'scan.cancelled' };

export interface LookUpInput {
  gtin: string;
  barcodeLookup: boolean;
}

const parsedOf = (text: string, format?: ScanFormat) =>
  parseScannedCode(text, format ? { format } : undefined);

const readCode = (event: BarcodeScanEvent, context: BarcodeScanContext) =>
  event.type === 'scan.detected' ? parsedOf(event.text, event.format) : parsedOf(context.typed);

export const barcodeScanMachine = setup({
  types: {
    context: {} as BarcodeScanContext,
    events: {} as BarcodeScanEvent,
    input: {} as BarcodeScanInput,
    output: {} as ScanResult | null,
    tags: {} as 'busy',
  },
  actors: {
    /**
     * Starts the back camera and reads its frames while it runs: sends `scan.cameraReady`, then
     * `scan.detected` per code read, or `scan.cameraFailed`; stopping it stops the camera's tracks.
     * Bound by `bindBarcodeScan` (src/services/scanning).
     */
    camera: fromCallback<BarcodeScanEvent>(() => {
      throw new Error(
        '"barcodeScan.camera" is not bound: provide it at the composition root (bindBarcodeScan)',
      );
    }),
    /** The product and unit a GTIN belongs to, or null for a code no product has. Bound by `bindBarcodeScan`. */
    lookUp: notBound<GtinMatch | null, LookUpInput>('barcodeScan.lookUp'),
  },
  guards: {
    codeIsValid: ({ context, event }) => readCode(event, context).ok,
    cameraUsable: ({ context }) => context.cameraProblem === null,
    isKnown: (_, params: { match: GtinMatch | null }) => params.match !== null,
    quantityIsValid: ({ context }) => context.unit !== null && parseQuantity(context.quantityText).ok,
  },
  actions: {
    keepCameraProblem: assign((_, params: { problem: CameraProblem }) => ({ cameraProblem: params.problem })),
    keepTyped: assign((_, params: { text: string }) => ({ typed: params.text })),
    takeCode: assign(({ context, event }) => {
      const code = event.type === 'scan.detected' ? event.text : context.typed;
      const parsed = readCode(event, context);
      return parsed.ok
        ? { code, gtin: parsed.gtin, count: parsed.count ?? null, problem: null, found: null, error: null }
        : { code, gtin: null, count: null, problem: parsed.reason, found: null, error: null };
    }),
    takeMatch: assign(({ context }, params: { match: GtinMatch | null }) => {
      if (!params.match) return {};
      const { product, unit, gtin } = params.match;
      return {
        found: { product, codeUnit: unit, gtin },
        unit,
        quantityText: String(context.count && context.count > 0 ? context.count : 1),
      };
    }),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    chooseUnit: assign((_, params: { unit: number }) => ({ unit: params.unit })),
    keepQuantity: assign((_, params: { text: string }) => ({ quantityText: params.text })),
    takeResult: assign(({ context }) => {
      const parsed = parseQuantity(context.quantityText);
      return context.found && context.unit !== null && parsed.ok
        ? { result: { product: context.found.product, unit: context.unit, quantity: parsed.quantity } }
        : {};
    }),
  },
}).createMachine({
  id: 'barcodeScan',
  context: ({ input }) => ({
    barcodeLookup: input.barcodeLookup,
    cameraProblem: null,
    typed: '',
    code: '',
    gtin: null,
    count: null,
    problem: null,
    found: null,
    unit: null,
    quantityText: '1',
    error: null,
    result: null,
  }),
  output: ({ context }) => context.result,
  on: { 'scan.cancelled': '.cancelled' },
  initial: 'camera',
  states: {
    camera: {
      description:
        'The scan dialog shows the camera picture with a frame to hold the barcode in, and a "Type the code" button. Without a camera or permission it goes straight to typing.',
      invoke: { id: 'camera', src: 'camera' },
      on: {
        'scan.cameraFailed': {
          target: 'typing',
          actions: { type: 'keepCameraProblem', params: ({ event }) => ({ problem: event.problem }) },
        },
        'scan.typeChosen': 'typing',
      },
      initial: 'starting',
      states: {
        starting: {
          description: 'The dialog says "Starting the camera…" while the browser asks for permission.',
          tags: 'busy',
          on: { 'scan.cameraReady': 'scanning' },
        },
        scanning: {
          description: 'The camera picture is shown and read a few times a second until a barcode is found.',
          on: {
            'scan.detected': [
              { guard: 'codeIsValid', target: '#barcodeScan.lookingUp', actions: 'takeCode' },
              { target: '#barcodeScan.badCode', actions: 'takeCode' },
            ],
          },
        },
      },
    },
    typing: {
      description:
        'A box for the barcode number with a Find button; it says why when the camera could not start, and offers the camera again when there is one.',
      on: {
        'scan.codeTyped': { actions: { type: 'keepTyped', params: ({ event }) => ({ text: event.text }) } },
        'scan.codeSubmitted': [
          { guard: 'codeIsValid', target: 'lookingUp', actions: 'takeCode' },
          { target: 'badCode', actions: 'takeCode' },
        ],
        'scan.cameraChosen': { guard: 'cameraUsable', target: 'camera' },
      },
    },
    badCode: {
      description:
        'The dialog says why the code is not a product barcode ("Not a product barcode (check digit)" and the like), with Scan again and Type the code.',
      on: {
        'scan.cameraChosen': { guard: 'cameraUsable', target: 'camera' },
        'scan.typeChosen': 'typing',
      },
    },
    lookingUp: {
      description: 'The dialog says "Looking up 0123…" with a spinner while the server finds the product.',
      tags: 'busy',
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        input: ({ context }) => ({ gtin: context.gtin ?? '', barcodeLookup: context.barcodeLookup }),
        onDone: [
          {
            guard: { type: 'isKnown', params: ({ event }) => ({ match: event.output }) },
            target: 'found',
            actions: { type: 'takeMatch', params: ({ event }) => ({ match: event.output }) },
          },
          { target: 'unknown' },
        ],
        onError: {
          target: 'lookupFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    lookupFailed: {
      description:
        'The dialog says the product could not be looked up, with Try again, Scan again and Type the code.',
      on: {
        'scan.retried': 'lookingUp',
        'scan.cameraChosen': { guard: 'cameraUsable', target: 'camera' },
        'scan.typeChosen': 'typing',
      },
    },
    unknown: {
      description: 'The dialog says "No product has the code 0123…", with Scan again and Type the code.',
      on: {
        'scan.cameraChosen': { guard: 'cameraUsable', target: 'camera' },
        'scan.typeChosen': 'typing',
      },
    },
    found: {
      description:
        "The product's name, image, price and stock, the unit the code belongs to (which the buyer may change) and a quantity box prefilled with 1 or the code's count, with Confirm.",
      on: {
        'scan.unitChosen': { actions: { type: 'chooseUnit', params: ({ event }) => ({ unit: event.unit }) } },
        'scan.quantityTyped': {
          actions: { type: 'keepQuantity', params: ({ event }) => ({ text: event.text }) },
        },
        'scan.confirmed': { guard: 'quantityIsValid', target: 'done', actions: 'takeResult' },
        'scan.cameraChosen': { guard: 'cameraUsable', target: 'camera' },
        'scan.typeChosen': 'typing',
      },
    },
    done: {
      description:
        'The dialog closes and the host takes the product, unit and quantity (adds it to the cart, the list or the count).',
      type: 'final',
    },
    cancelled: {
      description: 'The buyer closed the dialog; the camera is off and nothing was added.',
      type: 'final',
    },
  },
});

/**
 * The scan bound to the ports: the lookup through the API (`lookUpGtin`, loaded with the dialog), the
 * camera through the scanning service, started only when the dialog opens.
 */
export const bindBarcodeScan = ({ api }: Ports) =>
  barcodeScanMachine.provide({
    actors: {
      camera: fromCallback<BarcodeScanEvent>(({ sendBack }) => {
        // no camera at all: straight to typing, before the reader's code is loaded
        if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
          sendBack({ type: 'scan.cameraFailed', problem: 'noCamera' });
          return;
        }
        let stop: (() => void) | null = null;
        let stopped = false;
        void import('../../services/scanning/camera-reader').then(
          ({ startCameraReader }) => {
            if (!stopped) stop = startCameraReader(sendBack);
          },
          () => sendBack({ type: 'scan.cameraFailed', problem: 'failed' }),
        );
        return () => {
          stopped = true;
          stop?.();
        };
      }),
      lookUp: fromPromise<GtinMatch | null, LookUpInput>(async ({ input, signal }) => {
        const { lookUpGtin } = await import('../../services/api/gtin-lookup');
        return lookUpGtin(api, input.gtin, input.barcodeLookup, { signal });
      }),
    },
  });
