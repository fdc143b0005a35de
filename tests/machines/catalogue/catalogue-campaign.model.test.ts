import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import {
  bindCampaignDetail,
  campaignDetailMachine,
} from '../../../src/machines/catalogue/catalogue-campaign.machine';
import {
  selectCampaignDetail,
  selectCampaignDetailProducts,
  selectCampaignDetailShowsProducts,
  selectCampaignDetailStatus,
} from '../../../src/machines/catalogue/catalogue-campaign.selectors';
import { ApiError } from '../../../src/services/api';
import type { CampaignWithPrices } from '../../../src/services/api/catalogue';
import { aCampaignProduct } from '../../../src/test/builders';
import { settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const summer: CampaignWithPrices = {
  id: 2,
  name: 'Summer Drinks',
  description: 'Cool',
  banner: '/media/campaigns/2.svg',
  startsAt: '2026-11-18T10:00:00.000Z',
  endsAt: '2027-11-21T10:00:00.000Z',
  campaignPrices: [
    {
      product: aCampaignProduct({ id: 7, campaignId: 2, newPrice: '1.99' }),
      campaignId: 2,
      newPrice: '1.99',
    },
  ],
};
/** "no such campaign": the reference server's answer about a record, not about the call */
const notFound = new ApiError(
  { kind: 'http', call: 'GET netb2b/campaigns/2/', status: 404, code: 'not_found' },
  'HTTP 404',
);
const serverError = new ApiError({ kind: 'http', call: 'GET netb2b/campaigns/2/', status: 500 }, 'HTTP 500');
/** A backend of the specification only: its catch-all answers the detail call it does not have. */
const noSuchCall = new ApiError(
  { kind: 'http', call: 'GET netb2b/campaigns/2/', status: 404, code: 'no_such_call' },
  'HTTP 404',
);
const listError = new ApiError({ kind: 'http', call: 'GET netb2b/campaigns/', status: 500 }, 'HTTP 500');

/** A server whose campaign and campaigns calls wait for the test (the model's done/error events). */
function fakeApi() {
  const pending: Array<{ resolve: (c: CampaignWithPrices) => void; reject: (e: unknown) => void }> = [];
  const campaign = vi.fn(
    () =>
      new Promise<CampaignWithPrices>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  const pendingLists: Array<{ resolve: (c: CampaignWithPrices[]) => void; reject: (e: unknown) => void }> =
    [];
  const campaigns = vi.fn(
    () =>
      new Promise<CampaignWithPrices[]>((resolve, reject) => {
        pendingLists.push({ resolve, reject });
      }),
  );
  return { ports: testPorts({ campaign, campaigns }), campaign, campaigns, pending, pendingLists };
}

const testMachine = campaignDetailMachine.provide({ actions: { reportError: () => undefined } });
const model = modelFor(testMachine, {
  input: { campaignId: 2 },
  events: [
    { type: 'xstate.done.actor.loadCampaign', output: summer },
    { type: 'xstate.error.actor.loadCampaign', error: notFound },
    { type: 'xstate.error.actor.loadCampaign', error: serverError },
    { type: 'xstate.error.actor.loadCampaign', error: noSuchCall },
    { type: 'xstate.done.actor.findCampaign', output: summer },
    { type: 'xstate.done.actor.findCampaign', output: null },
    { type: 'xstate.error.actor.findCampaign', error: listError },
  ],
  // `mustFindInList` reads whether the detail call is offered and whether a campaign is at hand
  serializeState: (s) => JSON.stringify([s.value, s.context.detailOffered, s.context.campaign !== null]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('campaignDetail', testMachine, paths);

/** The bound machine over the server that waits for the test (its error report a no-op). */
const boundOver = (server: ReturnType<typeof fakeApi>) =>
  bindCampaignDetail(server.ports).provide({ actions: { reportError: () => undefined } });
let sut: ReturnType<typeof fakeApi> & {
  actor: ReturnType<typeof createActor<typeof testMachine>>;
  /** the campaign the server sent and the failure it answered last: what the screen must show */
  shown: CampaignWithPrices | null;
  failure: ApiError | null;
};
beforeEach(() => {
  const server = fakeApi();
  sut = {
    ...server,
    actor: createActor(boundOver(server), { input: { campaignId: 2 } }),
    shown: null,
    failure: null,
  };
});
afterEach(() => sut.actor.stop());

/** A campaign shown clears the message; a missing call is no failure (the list is asked instead). */
function noteAnswer(event: ModelEvent) {
  if (event.output) {
    sut.shown = event.output as CampaignWithPrices;
    sut.failure = null;
  }
  if (event.error === noSuchCall) sut.failure = null;
  else if (event.error) sut.failure = event.error as ApiError;
}
const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut.pending.shift()!;
  if (outcome === 'resolve') call.resolve(event.output as CampaignWithPrices);
  else call.reject(event.error);
  noteAnswer(event);
  await settle();
};
/** The campaigns list answers: the campaign in it, or a list without it (an ended campaign). */
const settleListWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut.pendingLists.shift()!;
  if (outcome === 'resolve') call.resolve(event.output ? [event.output as CampaignWithPrices] : []);
  else call.reject(event.error);
  noteAnswer(event);
  await settle();
};
const executors = {
  'xstate.done.actor.findCampaign': settleListWith('resolve'),
  'xstate.error.actor.findCampaign': settleListWith('reject'),
  'campaignDetail.retried': (step: { event: { type: string } }) => sut.actor.send(step.event as never),
  'xstate.done.actor.loadCampaign': settleWith('resolve'),
  'xstate.error.actor.loadCampaign': settleWith('reject'),
};
assertExecutorsFor(walked, executors);

/** The state as the model predicts; the campaign and the failure as the server answered. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.campaign).toEqual(sut.shown);
  expect(actual.context.error).toEqual(
    sut.failure ? expect.objectContaining({ kind: 'http', status: sut.failure.status }) : null,
  );
};

describe('campaign detail machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut.actor.start();
    await path.test({
      events: executors,
      states: {
        loading: (s) => {
          sameAsModel(s);
          expect(sut.campaign).toHaveBeenLastCalledWith(
            2,
            expect.objectContaining({ signal: expect.anything() }),
          );
          expect(sut.pending).toHaveLength(1);
        },
        findingInList: (s) => {
          sameAsModel(s);
          expect(selectCampaignDetailStatus(sut.actor.getSnapshot())).toBe('loading');
          expect(sut.pendingLists).toHaveLength(1);
          expect(sut.pending).toHaveLength(0);
        },
        resolved: (s) => {
          sameAsModel(s);
          expect(selectCampaignDetailShowsProducts(sut.actor.getSnapshot())).toBe(s.context.detailOffered);
          // the campaign's one product at its campaign price, as the server sent it
          expect(selectCampaignDetailProducts(sut.actor.getSnapshot())).toEqual([
            expect.objectContaining({ id: 7, campaignId: 2, newPrice: '1.99' }),
          ]);
        },
        notFound: (s) => {
          sameAsModel(s);
          expect(selectCampaignDetail(sut.actor.getSnapshot())).toBeNull();
          expect(sut.actor.getSnapshot().can({ type: 'campaignDetail.retried' })).toBe(false);
        },
        rejected: (s) => {
          sameAsModel(s);
          expect(selectCampaignDetailStatus(sut.actor.getSnapshot())).toBe('rejected');
        },
      },
    });
  });
});

describe('campaign detail without the detail call', () => {
  it('a kept link is looked up in the campaigns list, with no detail call, and shown without products', async () => {
    const server = fakeApi();
    const actor = createActor(boundOver(server), { input: { campaignId: 2, canLoadDetail: false } }).start();
    expect(server.campaigns).toHaveBeenCalledTimes(1);
    server.pendingLists.shift()!.resolve([summer]);
    await settle();
    expect(selectCampaignDetailStatus(actor.getSnapshot())).toBe('resolved');
    expect(selectCampaignDetail(actor.getSnapshot())?.name).toBe('Summer Drinks');
    expect(selectCampaignDetailShowsProducts(actor.getSnapshot())).toBe(false);
    expect(server.campaign).not.toHaveBeenCalled();
    actor.stop();
  });

  it('a campaign passed along shows at once without its products, with no call', async () => {
    const server = fakeApi();
    const actor = createActor(boundOver(server), {
      input: { campaignId: 2, campaign: summer, canLoadDetail: false },
    }).start();
    await settle();
    expect(selectCampaignDetailStatus(actor.getSnapshot())).toBe('resolved');
    expect(selectCampaignDetailShowsProducts(actor.getSnapshot())).toBe(false);
    expect(server.campaign).not.toHaveBeenCalled();
    expect(server.campaigns).not.toHaveBeenCalled();
    actor.stop();
  });
});

describe('campaign detail', () => {
  it('a campaign passed along from the carousel shows at once, with no call', async () => {
    const server = fakeApi();
    const actor = createActor(boundOver(server), { input: { campaignId: 2, campaign: summer } }).start();
    expect(selectCampaignDetail(actor.getSnapshot())).toBe(summer);
    await settle();
    expect(selectCampaignDetailStatus(actor.getSnapshot())).toBe('resolved');
    expect(server.campaign).not.toHaveBeenCalled();
    actor.stop();
  });

  it('a campaign passed along for another id is not trusted: the route id is loaded', () => {
    const server = fakeApi();
    const actor = createActor(boundOver(server), { input: { campaignId: 3, campaign: summer } }).start();
    expect(selectCampaignDetail(actor.getSnapshot())).toBeNull();
    expect(server.campaign).toHaveBeenCalledWith(3, expect.anything());
    actor.stop();
  });
});
