import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import {
  bindQuickOrderFiles,
  type QuickOrderDownload,
  type QuickOrderFileRequest,
  type QuickOrderFilesEvent,
  quickOrderFilesMachine,
} from '../../../src/machines/quick-order/quick-order-files.machine';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const file = new File(['Stock code;Quantity\nA;1'], 'order.csv');
const statusSheet: QuickOrderDownload = {
  bytes: new Uint8Array([1, 2, 3]),
  fileName: 'order-status.csv',
  mimeType: 'text/csv;charset=utf-8',
};
const requested: QuickOrderFilesEvent = {
  type: 'files.statusSheetRequested',
  file,
  statuses: [[2, 'Error in row 2: Invalid stock code.']],
  header: 'Status',
};

const model = modelFor(quickOrderFilesMachine, {
  events: [
    requested,
    {
      type: 'xstate.done.actor.writeTemplate',
      output: { ...statusSheet, fileName: 'quick-order-template.xlsx' },
    },
    { type: 'xstate.error.actor.writeTemplate', error: new Error('worker failed') },
    { type: 'xstate.done.actor.writeStatusSheet', output: statusSheet },
    { type: 'xstate.error.actor.writeStatusSheet', error: new Error('worker failed') },
  ],
  serializeState: (s) => JSON.stringify(s.value),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('quickOrderFiles', quickOrderFilesMachine, paths);

function createSut() {
  const writeFile = controllableActor<QuickOrderDownload, QuickOrderFileRequest>();
  const ready: QuickOrderDownload[] = [];
  const actor = createActor(
    bindQuickOrderFiles(testPorts()).provide({
      actors: { writeFile: writeFile.logic },
      actions: { saveFile: (_, download) => ready.push(download) },
    }),
  ).start();
  return { actor, writeFile, ready };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as QuickOrderFilesEvent);
const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut.writeFile.next();
  if (outcome === 'resolve') call.resolve(event.output as QuickOrderDownload);
  else call.reject(event.error);
  await settle();
};
const executors = {
  'files.templateRequested': send,
  'files.statusSheetRequested': send,
  'files.dismissed': send,
  'xstate.done.actor.writeTemplate': settleWith('resolve'),
  'xstate.error.actor.writeTemplate': settleWith('reject'),
  'xstate.done.actor.writeStatusSheet': settleWith('resolve'),
  'xstate.error.actor.writeStatusSheet': settleWith('reject'),
};
assertExecutorsFor(walked, executors);

describe('quick-order downloads (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    const lastEvent = path.steps.at(-1)?.event.type;
    await path.test({
      events: executors,
      states: {
        idle: (s: AnyMachineSnapshot) => {
          expect(sut.actor.getSnapshot().value).toEqual(s.value);
        },
        writingTemplate: () => {
          expect(sut.actor.getSnapshot().hasTag('busy')).toBe(true);
          expect(sut.writeFile.calls.at(-1)?.input).toEqual({ kind: 'template' });
        },
        writingStatusSheet: () => {
          expect(sut.writeFile.calls.at(-1)?.input).toEqual({
            kind: 'statusSheet',
            file,
            statuses: [[2, 'Error in row 2: Invalid stock code.']],
            header: 'Status',
          });
        },
        failed: () => {
          expect(sut.actor.getSnapshot().value).toBe('failed');
          expect(sut.ready).toHaveLength(0);
        },
      },
    });
    // a finished write hands exactly one file to the view; a failed one none
    expect(sut.ready).toHaveLength(lastEvent?.startsWith('xstate.done.actor.') ? 1 : 0);
  });
});
