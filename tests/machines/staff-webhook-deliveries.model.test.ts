import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import { orderIdOf } from '../../src/machines/staff/order-id';
import {
  bindWebhookDeliveries,
  type DeliveryPageInput,
  webhookDeliveriesMachine,
} from '../../src/machines/staff/webhook-deliveries.machine';
import {
  selectDeliveries,
  selectDeliveriesEmpty,
  selectDeliveriesLoadFailed,
  selectDeliveriesLoading,
  selectDeliveriesShown,
  selectDeliveryDraft,
  selectDeliveryFilter,
  selectDeliveryOrderProblem,
  selectHasOlderDeliveries,
  selectIsReplaying,
  selectLoadingOlderDeliveries,
  selectOlderDeliveriesFailed,
  selectReplayStep,
} from '../../src/machines/staff/webhook-deliveries.selectors';
import type { WebhookDelivery, WebhookDeliveryPage } from '../../src/services/api/staff-webhooks';
import { httpError, networkError } from '../../src/test/api-errors';
import { controllableActor, settle } from '../../src/test/controllableActor';
import { answerNextCall, sendStepEvent } from '../../src/test/model-executors';
import { assertExecutorsFor, modelFor } from '../../src/test/modelFor';
import { testStaffPorts } from '../../src/test/staff-ports';
import { pathsToWalk } from '../../src/test/walk';

const delivery = (id: number, overrides: Partial<WebhookDelivery>): WebhookDelivery => ({
  id,
  endpointId: 1,
  endpointUrl: 'https://erp.example/hooks',
  eventId: `evt_${id}`,
  eventType: 'order.placed',
  orderId: 42,
  state: 'pending',
  attempts: 0,
  lastStatus: null,
  lastError: null,
  lastAttemptAt: null,
  nextAttemptAt: '2026-11-27T10:00:00.000Z',
  deliveredAt: null,
  createdAt: '2026-11-27T09:00:00.000Z',
  ...overrides,
});
const dead = delivery(3, { state: 'dead', attempts: 10, lastStatus: 500, lastError: 'HTTP 500' });
const failing = delivery(2, { state: 'failing', attempts: 2, lastError: 'connect ECONNREFUSED' });
const delivered = delivery(1, {
  state: 'delivered',
  attempts: 1,
  lastStatus: 204,
  deliveredAt: '2026-11-27T09:00:01.000Z',
});
const newest: WebhookDeliveryPage = { deliveries: [dead, failing], nextBefore: 2 };
const older: WebhookDeliveryPage = { deliveries: [delivered], nextBefore: null };
const none: WebhookDeliveryPage = { deliveries: [], nextBefore: null };
const replayed = {
  ...dead,
  state: 'pending' as const,
  attempts: 0,
  nextAttemptAt: '2026-11-27T11:00:00.000Z',
};

const model = modelFor(webhookDeliveriesMachine, {
  events: [
    { type: 'xstate.done.actor.listDeliveries', output: newest },
    { type: 'xstate.done.actor.listDeliveries', output: none },
    { type: 'xstate.error.actor.listDeliveries', error: networkError },
    { type: 'xstate.done.actor.listOlderDeliveries', output: older },
    { type: 'xstate.error.actor.listOlderDeliveries', error: networkError },
    { type: 'deliveries.stateChosen', state: 'dead' },
    { type: 'deliveries.endpointChosen', endpointId: 1 },
    { type: 'deliveries.orderTyped', text: '#42' },
    { type: 'deliveries.orderTyped', text: '4x' },
    { type: 'deliveries.replayAsked', id: 3 },
    // a delivered one: nothing to replay
    { type: 'deliveries.replayAsked', id: 1 },
    { type: 'xstate.done.actor.replayDelivery', output: replayed },
    { type: 'xstate.error.actor.replayDelivery', error: httpError(409, 'already_delivered') },
    { type: 'xstate.error.actor.replayDelivery', error: httpError(500) },
  ],
  // the guards read the typed order, the cursor and the rows' states; the tests compare the filters
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.draft,
      s.context.filter,
      s.context.orderProblem,
      s.context.deliveries.map((each: WebhookDelivery) => [each.id, each.state]),
      s.context.nextBefore,
      s.context.replayingId,
    ]),
});
const walked = pathsToWalk('webhook-deliveries', webhookDeliveriesMachine, model.getShortestPaths());

function createSut() {
  const listDeliveries = controllableActor<WebhookDeliveryPage, DeliveryPageInput>();
  const replayDelivery = controllableActor<WebhookDelivery, { id: number }>();
  const actor = createActor(
    webhookDeliveriesMachine.provide({
      actors: { listDeliveries: listDeliveries.logic, replayDelivery: replayDelivery.logic },
    }),
    { input: {} },
  ).start();
  return { actor, listDeliveries, replayDelivery };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = sendStepEvent(() => sut.actor);
const executors = {
  'deliveries.stateChosen': send,
  'deliveries.endpointChosen': send,
  'deliveries.orderTyped': send,
  'deliveries.filterApplied': send,
  'deliveries.retried': send,
  'deliveries.refreshed': send,
  'deliveries.olderAsked': send,
  'deliveries.replayAsked': send,
  'xstate.done.actor.listDeliveries': answerNextCall(() => sut.listDeliveries),
  'xstate.error.actor.listDeliveries': answerNextCall(() => sut.listDeliveries),
  'xstate.done.actor.listOlderDeliveries': answerNextCall(() => sut.listDeliveries),
  'xstate.error.actor.listOlderDeliveries': answerNextCall(() => sut.listDeliveries),
  'xstate.done.actor.replayDelivery': answerNextCall(() => sut.replayDelivery),
  'xstate.error.actor.replayDelivery': answerNextCall(() => sut.replayDelivery),
};
assertExecutorsFor(walked, executors);

const now = () => sut.actor.getSnapshot();
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  expect(selectDeliveries(now())).toEqual(expected.context.deliveries);
  expect(selectDeliveryFilter(now())).toEqual(expected.context.filter);
  expect(selectDeliveryDraft(now())).toEqual(expected.context.draft);
  // a typed order that is no order id is told once Show was pressed, until it is typed again
  expect(selectDeliveryOrderProblem(now())).toBe(expected.context.orderProblem);
};
const noReplay = () => {
  for (const row of selectDeliveries(now())) expect(selectReplayStep(now(), row.id)).toBeNull();
};

describe('webhook deliveries machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        loading: (s) => {
          sameAsModel(s);
          expect(selectDeliveriesLoading(now())).toBe(true);
          // the newest page of what the filter asks for
          expect(sut.listDeliveries.calls.at(-1)?.input).toEqual({ filter: s.context.filter, before: null });
        },
        loadFailed: (s) => {
          sameAsModel(s);
          expect(selectDeliveriesLoadFailed(now())).toBe(true);
        },
        empty: (s) => {
          sameAsModel(s);
          expect(selectDeliveriesEmpty(now())).toBe(true);
          expect(selectDeliveries(now())).toEqual([]);
        },
        shown: (s) => {
          sameAsModel(s);
          expect(selectDeliveriesShown(now())).toBe(true);
          expect(selectDeliveries(now()).length).toBeGreaterThan(0);
        },
        'shown.idle': (s) => {
          noReplay();
          expect(selectHasOlderDeliveries(now())).toBe(s.context.nextBefore !== null);
        },
        'shown.loadingOlder': () => {
          expect(selectLoadingOlderDeliveries(now())).toBe(true);
          expect(sut.listDeliveries.calls.at(-1)?.input).toEqual({
            filter: selectDeliveryFilter(now()),
            before: 2,
          });
        },
        'shown.olderFailed': () => {
          expect(selectOlderDeliveriesFailed(now())).toBe(true);
          expect(selectDeliveries(now()).map((row) => row.id)).toEqual([3, 2]);
        },
        'shown.replaying': () => {
          expect(selectIsReplaying(now())).toBe(true);
          expect(selectReplayStep(now(), 3)).toBe('replaying');
          expect(selectReplayStep(now(), 2)).toBeNull();
          expect(sut.replayDelivery.calls.at(-1)?.input).toEqual({ id: 3 });
        },
        'shown.replayFailed': () => {
          expect(selectReplayStep(now(), 3)).toBe('failed');
          expect(selectDeliveries(now()).find((row) => row.id === 3)?.state).toBe('dead');
        },
        'shown.replayRefused': () => {
          expect(selectReplayStep(now(), 3)).toBe('alreadyDelivered');
        },
      },
    });
  });
});

describe('the delivery log bound to its ports', () => {
  it('asks for the filter it was opened with, and replays a row in place', async () => {
    const asked: unknown[] = [];
    const ports = testStaffPorts({
      api: {
        webhookDeliveries: async (filter, before) => {
          asked.push({ filter, before });
          return newest;
        },
        replayWebhookDelivery: async () => replayed,
      },
    });
    const actor = createActor(bindWebhookDeliveries(ports), {
      input: { filter: { endpointId: 1, state: 'dead' } },
    }).start();
    await settle();
    expect(asked).toEqual([{ filter: { state: 'dead', endpointId: 1, orderId: null }, before: null }]);
    expect(selectDeliveryDraft(actor.getSnapshot())).toEqual({ state: 'dead', endpointId: 1, orderText: '' });
    actor.send({ type: 'deliveries.replayAsked', id: 3 });
    await settle();
    expect(selectDeliveries(actor.getSnapshot())).toEqual([replayed, failing]);
    actor.stop();
  });

  it('reads an order id as typed', () => {
    expect(orderIdOf('')).toBeNull();
    expect(orderIdOf(' #42 ')).toBe(42);
    expect(orderIdOf('0')).toBeUndefined();
    expect(orderIdOf('4x')).toBeUndefined();
  });
});
