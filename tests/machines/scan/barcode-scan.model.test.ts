import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromCallback } from 'xstate';
import {
  type BarcodeScanEvent,
  barcodeScanMachine,
  type LookUpInput,
  type ScanResult,
} from '../../../src/machines/scan/barcode-scan.machine';
import {
  selectCameraProblem,
  selectCanConfirm,
  selectCanUseCamera,
  selectCodeProblem,
  selectScanFound,
  selectScannedCode,
  selectScanQuantityText,
  selectScanResult,
  selectScanStep,
  selectScanUnit,
} from '../../../src/machines/scan/barcode-scan.selectors';
import type { GtinMatch } from '../../../src/services/api/gtin-lookup';
import { httpError } from '../../../src/test/api-errors';
import { boxedProduct } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';

const product = { ...boxedProduct, id: 7, name: 'Product 7' };
// EAN-13 with a right check digit, and the same with a wrong one
const GOOD = '4006381333931';
const BAD = '4006381333932';
const CASE_UNIT = 2;
const match: GtinMatch = { product, unit: CASE_UNIT, gtin: `0${GOOD}` };

// the camera is the only callback actor the model would start: a silent one
const modelMachine = barcodeScanMachine.provide({
  actors: { camera: fromCallback<BarcodeScanEvent>(() => undefined) },
});

const model = modelFor(modelMachine, {
  input: { barcodeLookup: true },
  events: [
    { type: 'scan.cameraReady' },
    { type: 'scan.cameraFailed', problem: 'denied' },
    { type: 'scan.detected', text: GOOD, format: 'ean_13' },
    { type: 'scan.detected', text: BAD, format: 'ean_13' },
    { type: 'scan.typeChosen' },
    { type: 'scan.cameraChosen' },
    { type: 'scan.codeTyped', text: GOOD },
    { type: 'scan.codeTyped', text: BAD },
    { type: 'scan.codeSubmitted' },
    { type: 'scan.retried' },
    { type: 'scan.unitChosen', unit: 1 },
    { type: 'scan.quantityTyped', text: '3' },
    { type: 'scan.quantityTyped', text: 'x' },
    { type: 'scan.confirmed' },
    { type: 'scan.cancelled' },
    { type: 'xstate.done.actor.lookUp', output: match },
    { type: 'xstate.done.actor.lookUp', output: null },
    { type: 'xstate.error.actor.lookUp', error: httpError(500) },
  ],
  // the guards read whether the camera failed, the typed code and the quantity text
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.cameraProblem, s.context.typed, s.context.quantityText]),
});
const walked = pathsToWalk('barcodeScan', modelMachine, model.getShortestPaths());

/** The chart with a camera the test speaks for and a controllable lookup. */
function createSut() {
  const lookUp = controllableActor<GtinMatch | null, LookUpInput>();
  let camera: ((event: BarcodeScanEvent) => void) | undefined;
  const cameraStops: number[] = [];
  const machine = barcodeScanMachine.provide({
    actors: {
      lookUp: lookUp.logic,
      camera: fromCallback<BarcodeScanEvent>(({ sendBack }) => {
        camera = sendBack;
        return () => void cameraStops.push(1);
      }),
    },
  });
  const actor = createActor(machine, { input: { barcodeLookup: true } }).start();
  return { actor, lookUp, fromCamera: (event: BarcodeScanEvent) => camera?.(event), cameraStops };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

type Step = { event: { type: string } };
const send = (step: Step) => sut.actor.send(step.event as BarcodeScanEvent);
const fromCamera = (step: Step) => sut.fromCamera(step.event as BarcodeScanEvent);
const settleWith = (outcome: 'resolve' | 'reject') => async (step: Step) => {
  const event = step.event as ModelEvent;
  const call = sut.lookUp.next();
  if (outcome === 'resolve') call.resolve(event.output as GtinMatch | null);
  else call.reject(event.error);
  await settle();
};
const executors = {
  'scan.cameraReady': fromCamera,
  'scan.cameraFailed': fromCamera,
  'scan.detected': fromCamera,
  'scan.typeChosen': send,
  'scan.cameraChosen': send,
  'scan.codeTyped': send,
  'scan.codeSubmitted': send,
  'scan.retried': send,
  'scan.unitChosen': send,
  'scan.quantityTyped': send,
  'scan.confirmed': send,
  'scan.cancelled': send,
  'xstate.done.actor.lookUp': settleWith('resolve'),
  'xstate.error.actor.lookUp': settleWith('reject'),
};
assertExecutorsFor(walked, executors);

const snap = () => sut.actor.getSnapshot();
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(snap().value).toEqual(expected.value);
  expect(selectCameraProblem(snap())).toBe(expected.context.cameraProblem);
};

describe('barcode scan machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        'camera.starting': (s) => {
          sameAsModel(s);
          expect(selectScanStep(snap())).toBe('starting');
        },
        'camera.scanning': (s) => {
          sameAsModel(s);
          expect(selectScanStep(snap())).toBe('scanning');
        },
        typing: (s) => {
          sameAsModel(s);
          expect(selectScanStep(snap())).toBe('typing');
          // the camera is off while typing
          expect(sut.cameraStops.length).toBeGreaterThan(0);
          expect(selectCanUseCamera(snap())).toBe(s.context.cameraProblem === null);
        },
        badCode: (s) => {
          sameAsModel(s);
          // an empty box or a wrong check digit: the reason is shown, and the code as read
          expect(selectCodeProblem(snap())).toBe(
            selectScannedCode(snap()) === BAD ? 'bad_check_digit' : 'empty',
          );
          expect(['', BAD]).toContain(selectScannedCode(snap()));
        },
        lookingUp: (s) => {
          sameAsModel(s);
          // the lookup is asked for the GTIN-14 of the code read
          expect(sut.lookUp.calls.at(-1)?.input).toEqual({ gtin: `0${GOOD}`, barcodeLookup: true });
        },
        lookupFailed: (s) => {
          sameAsModel(s);
          expect(selectScanStep(snap())).toBe('lookupFailed');
        },
        unknown: (s) => {
          sameAsModel(s);
          expect(selectScannedCode(snap())).toBe(GOOD);
          expect(selectScanFound(snap())).toBeNull();
        },
        found: (s) => {
          sameAsModel(s);
          expect(selectScanFound(snap())).toMatchObject({ product: { id: 7 }, codeUnit: CASE_UNIT });
          expect([CASE_UNIT, 1]).toContain(selectScanUnit(snap()));
          expect(selectCanConfirm(snap())).toBe(selectScanQuantityText(snap()) !== 'x');
        },
        done: (s) => {
          sameAsModel(s);
          expect(selectScanResult(snap())).toEqual<ScanResult>({
            product,
            unit: selectScanUnit(snap()) ?? -1,
            quantity: Number(selectScanQuantityText(snap())),
          });
          expect(snap().output).toEqual(selectScanResult(snap()));
        },
        cancelled: (s) => {
          sameAsModel(s);
          expect(snap().status).toBe('done');
          expect(snap().output).toBeNull();
        },
      },
    });
  });
});

describe('barcode scan', () => {
  it('a case code selects the box and a GS1 count prefills the quantity', async () => {
    sut = createSut();
    sut.fromCamera({ type: 'scan.cameraReady' });
    // GS1-128: GTIN-14 of the case and AI 37, six in the logistic unit
    sut.fromCamera({ type: 'scan.detected', text: ']C10114006381333938376', format: 'code_128' });
    expect(selectScanStep(snap())).toBe('lookingUp');
    const gtin = sut.lookUp.calls.at(-1)?.input.gtin ?? '';
    sut.lookUp.next().resolve({ product, unit: CASE_UNIT, gtin });
    await settle();
    expect(selectScanUnit(snap())).toBe(CASE_UNIT);
    expect(selectScanQuantityText(snap())).toBe('6');
    // the buyer may still change the unit
    sut.actor.send({ type: 'scan.unitChosen', unit: 1 });
    sut.actor.send({ type: 'scan.confirmed' });
    expect(snap().output).toEqual({ product, unit: 1, quantity: 6 });
    expect(sut.cameraStops).toHaveLength(1);
  });

  it('cancelling stops the camera and hands nothing over', () => {
    sut = createSut();
    sut.fromCamera({ type: 'scan.cameraReady' });
    sut.actor.send({ type: 'scan.cancelled' });
    expect(sut.cameraStops).toHaveLength(1);
    expect(snap().output).toBeNull();
  });

  it('a typed code is checked like a scanned one: an empty box says so', () => {
    sut = createSut();
    sut.actor.send({ type: 'scan.typeChosen' });
    sut.actor.send({ type: 'scan.codeSubmitted' });
    expect(selectScanStep(snap())).toBe('badCode');
    expect(selectCodeProblem(snap())).toBe('empty');
  });
});
