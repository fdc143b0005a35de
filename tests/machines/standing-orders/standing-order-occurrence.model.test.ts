import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import {
  bindOccurrence,
  type OccurrenceWriteInput,
  occurrenceMachine,
} from '../../../src/machines/standing-orders/standing-order-occurrence.machine';
import {
  selectIsOccurrenceBusy,
  selectOccurrence,
  selectOccurrenceDraft,
  selectOccurrencePendingWrite,
  selectOccurrenceView,
} from '../../../src/machines/standing-orders/standing-order-occurrence.selectors';
import type { Occurrence, OccurrenceStatus } from '../../../src/services/api/wire/standing-orders';
import { httpError, unusedApi } from '../../../src/test/api-errors';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const line = (productId: number, quantity: string, available = true) => ({
  productId,
  quantity,
  unit: 1,
  productName: `Product ${productId}`,
  unitPrice: '2.50',
  available,
});
const occurrenceIn = (status: OccurrenceStatus, lines = [line(7, '2'), line(8, '1', false)]): Occurrence => ({
  seriesId: 31,
  deliveryDate: '2026-12-08',
  cutoffAt: '2026-12-07T17:00:00Z',
  draftAt: '2026-12-05T17:00:00Z',
  status,
  lines,
  thisDeliveryOnly: false,
  reviewReasons:
    status === 'needs_review'
      ? [{ code: 'unavailable', productId: 8, was: null, now: null, message: null }]
      : [],
  orderId: status === 'placed' ? 900 : null,
  failure: status === 'failed' ? 'The product 8 is no longer sold.' : null,
});

const statuses: OccurrenceStatus[] = ['upcoming', 'draft', 'skipped', 'needs_review', 'placed', 'failed'];
const answers = statuses.map((status) => ({
  type: 'xstate.done.actor.writeOccurrence',
  output: occurrenceIn(status),
}));
// the server's answer with one line: dropping it would leave nothing, so the review refuses
const oneLineReview = occurrenceIn('needs_review', [line(8, '1', false)]);

const events: ModelEvent[] = [
  ...answers,
  { type: 'xstate.done.actor.writeOccurrence', output: oneLineReview },
  { type: 'xstate.error.actor.writeOccurrence', error: httpError(500) },
  { type: 'xstate.error.actor.writeOccurrence', error: httpError(409, 'past_cutoff') },
  { type: 'line.quantityChanged', productId: 7, quantity: '5' },
  { type: 'line.quantityChanged', productId: 7, quantity: '0' },
  { type: 'line.removed', productId: 8 },
  { type: 'review.lineDropped', productId: 8 },
];

// guards read the status, the number of lines and whether the draft is valid
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.occurrence.status,
    s.context.occurrence.lines.length,
    s.context.draft.map((l: { quantity: string }) => l.quantity),
  ]);
const models = (['upcoming', 'needs_review'] as const).map((status) =>
  modelFor(occurrenceMachine, {
    input: { occurrence: occurrenceIn(status) },
    events,
    serializeState,
  }),
);
const walked = pathsToWalk(
  'standing-order-occurrence',
  occurrenceMachine,
  models.flatMap((model) => model.getShortestPaths()),
);

function createSut(occurrence: Occurrence) {
  const write = controllableActor<Occurrence, OccurrenceWriteInput>();
  const bound = bindOccurrence(testPorts(unusedApi)).provide({ actors: { writeOccurrence: write.logic } });
  const actor = createActor(bound, { input: { occurrence } }).start();
  return { actor, write };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const executors = {
  'occurrence.editStarted': send,
  'line.quantityChanged': send,
  'line.removed': send,
  'edit.saved': send,
  'edit.cancelled': send,
  'occurrence.skipRequested': send,
  'occurrence.unskipRequested': send,
  'occurrence.approveRequested': send,
  'review.lineDropped': send,
  'occurrence.retried': send,
  'failure.dismissed': send,
  'xstate.done.actor.writeOccurrence': async (step: { event: { type: string } }) => {
    sut.write.next().resolve((step.event as ModelEvent).output as Occurrence);
    await settle();
  },
  'xstate.error.actor.writeOccurrence': async (step: { event: { type: string } }) => {
    sut.write.next().reject((step.event as ModelEvent).error);
    await settle();
  },
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) => {
  const snapshot = sut.actor.getSnapshot();
  expect(snapshot.value).toEqual(expected.value);
  expect(selectOccurrence(snapshot).status).toBe(expected.context.occurrence.status);
};

describe('standing order occurrence machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    const first = path.steps[0]!.state as AnyMachineSnapshot;
    sut = createSut(first.context.occurrence as Occurrence);
    await path.test({
      events: executors,
      states: {
        open: (s) => {
          sameAsModel(s);
          expect(['upcoming', 'draft']).toContain(selectOccurrence(sut.actor.getSnapshot()).status);
        },
        skipped: (s) => {
          sameAsModel(s);
          expect(selectOccurrenceView(sut.actor.getSnapshot())).toBe('skipped');
        },
        needsReview: (s) => {
          sameAsModel(s);
          // the review says why: here an unavailable product
          expect(selectOccurrence(sut.actor.getSnapshot()).reviewReasons.map((r) => r.code)).toEqual([
            'unavailable',
          ]);
        },
        editing: (s) => {
          sameAsModel(s);
          expect(selectOccurrenceDraft(sut.actor.getSnapshot()).map((l) => l.quantity)).toEqual(
            s.context.draft.map((l: { quantity: string }) => l.quantity),
          );
        },
        writing: (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          expect(selectIsOccurrenceBusy(snapshot)).toBe(true);
          const call = sut.write.calls.at(-1)!;
          // the delivery is addressed by its series and date
          expect([call.input.seriesId, call.input.deliveryDate]).toEqual([31, '2026-12-08']);
          expect(call.input.write.kind).toBe(selectOccurrencePendingWrite(snapshot));
        },
        writeFailed: (s) => {
          sameAsModel(s);
          expect(selectOccurrenceView(sut.actor.getSnapshot())).toBe('writeFailed');
        },
        refused: (s) => {
          sameAsModel(s);
          expect(selectOccurrenceView(sut.actor.getSnapshot())).toBe('refused');
        },
        placed: (s) => {
          sameAsModel(s);
          expect(selectOccurrence(sut.actor.getSnapshot()).orderId).toBe(900);
        },
        failed: (s) => {
          sameAsModel(s);
          expect(selectOccurrence(sut.actor.getSnapshot()).failure).toMatch(/no longer sold/);
        },
      },
    });
  });

  it('sends "this delivery only" lines with the typed quantities, without the removed line', async () => {
    sut = createSut(occurrenceIn('upcoming'));
    sut.actor.send({ type: 'occurrence.editStarted' });
    sut.actor.send({ type: 'line.quantityChanged', productId: 7, quantity: '3,5' });
    sut.actor.send({ type: 'line.removed', productId: 8 });
    sut.actor.send({ type: 'edit.saved' });
    expect(sut.write.calls.at(-1)!.input.write).toEqual({
      kind: 'lines',
      lines: [{ productId: 7, productName: 'Product 7', quantity: '3,5', unit: 1 }],
    });
  });

  it('keeps the edit open while a quantity is not above 0', () => {
    sut = createSut(occurrenceIn('draft'));
    sut.actor.send({ type: 'occurrence.editStarted' });
    sut.actor.send({ type: 'line.quantityChanged', productId: 7, quantity: '0' });
    sut.actor.send({ type: 'edit.saved' });
    expect(selectOccurrenceView(sut.actor.getSnapshot())).toBe('editing');
    expect(sut.write.calls).toHaveLength(0);
  });

  it('removes an unavailable line in the review but never the last one', () => {
    sut = createSut(oneLineReview);
    sut.actor.send({ type: 'review.lineDropped', productId: 8 });
    expect(selectOccurrenceView(sut.actor.getSnapshot())).toBe('needsReview');
    expect(sut.write.calls).toHaveLength(0);
  });
});
