import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CartItem } from '../../../src/domain/types';
import { cartMachine } from '../../../src/machines/cart/cart.machine';
import {
  type AcceptSubstituteInput,
  bindSubstituteChoice,
  type LoadSubstitutesInput,
  substituteChoiceMachine,
} from '../../../src/machines/substitutes/substitute-choice.machine';
import {
  selectChosenSubstitute,
  selectSubstituteAlternatives,
  selectSubstituteError,
  selectSubstituteStatus,
} from '../../../src/machines/substitutes/substitute-choice.selectors';
import type { AcceptedSubstitute, SubstitutesByProduct } from '../../../src/services/api/wire/substitutes';
import { httpError, unusedApi } from '../../../src/test/api-errors';
import { aProduct } from '../../../src/test/builders';
import { controllableActor } from '../../../src/test/controllableActor';
import { answerNextCall, sendStepEvent } from '../../../src/test/model-executors';
import { assertExecutorsFor, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const PRIMARY = 5;
const input = { productId: PRIMARY, pieces: 3 };
const offered: SubstitutesByProduct = {
  [PRIMARY]: [
    {
      product: aProduct({ id: 16, name: 'Other line' }),
      reason: 'Same item and size, another line',
      rank: 1,
    },
    { product: aProduct({ id: 27, name: 'Other brand' }), reason: 'Same item and size', rank: 2 },
  ],
};
const accepted: AcceptedSubstitute = { cartItemId: 40, quantity: '3', unitId: 1, replacedItemId: 39 };

const model = modelFor(substituteChoiceMachine, {
  input,
  events: [
    { type: 'substitutes.accepted', substituteId: 27 },
    { type: 'substitutes.shortageKept' },
    { type: 'substitutes.lineRemoved' },
    { type: 'substitutes.reconsidered' },
    { type: 'substitutes.retried' },
    { type: 'xstate.done.actor.loadSubstitutes', output: offered },
    { type: 'xstate.done.actor.loadSubstitutes', output: {} },
    { type: 'xstate.error.actor.loadSubstitutes', error: httpError(500) },
    { type: 'xstate.error.actor.loadSubstitutes', error: httpError(501) },
    { type: 'xstate.done.actor.acceptSubstitute', output: accepted },
    { type: 'xstate.error.actor.acceptSubstitute', error: httpError(409, 'not_enough_stock') },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.alternatives.length, s.context.chosen]),
});
const walked = pathsToWalk('substituteChoice', substituteChoiceMachine, model.getShortestPaths());

function createSut() {
  const load = controllableActor<SubstitutesByProduct, LoadSubstitutesInput>();
  const accept = controllableActor<AcceptedSubstitute, AcceptSubstituteInput>();
  const fetchCart = controllableActor<CartItem[], void>();
  const cart = createActor(cartMachine.provide({ actors: { fetchCart: fetchCart.logic } })).start();
  const bound = bindSubstituteChoice(testPorts(unusedApi, cart)).provide({
    actors: { loadSubstitutes: load.logic, acceptSubstitute: accept.logic },
  });
  const actor = createActor(bound, { input }).start();
  return { actor, load, accept, cart };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => {
  sut?.actor.stop();
  sut?.cart.stop();
});

const send = sendStepEvent(() => sut.actor);
const executors = {
  'substitutes.accepted': send,
  'substitutes.shortageKept': send,
  'substitutes.lineRemoved': send,
  'substitutes.reconsidered': send,
  'substitutes.retried': send,
  'xstate.done.actor.loadSubstitutes': answerNextCall(() => sut.load),
  'xstate.error.actor.loadSubstitutes': answerNextCall(() => sut.load),
  'xstate.done.actor.acceptSubstitute': answerNextCall(() => sut.accept),
  'xstate.error.actor.acceptSubstitute': answerNextCall(() => sut.accept),
};
assertExecutorsFor(walked, executors);

const shown = () => {
  const s = sut.actor.getSnapshot();
  return {
    status: selectSubstituteStatus(s),
    alternatives: selectSubstituteAlternatives(s).map((a) => a.product.id),
    chosen: selectChosenSubstitute(s)?.product.id ?? null,
    error: selectSubstituteError(s)?.status ?? null,
  };
};

describe('substitute choice machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        loading: () => {
          expect(shown().status).toBe('loading');
          // one product is asked about: the line's own
          expect(sut.load.calls.at(-1)!.input).toEqual({ productIds: [PRIMARY] });
        },
        loadFailed: () => expect(shown()).toMatchObject({ status: 'loadFailed', error: 500 }),
        // nothing offered: no alternatives, or a backend without the call; no error is shown
        none: () => expect(shown()).toEqual({ status: 'none', alternatives: [], chosen: null, error: null }),
        offering: () =>
          expect(shown()).toMatchObject({ status: 'offering', alternatives: [16, 27], error: null }),
        accepting: () => {
          expect(shown()).toMatchObject({ status: 'accepting', chosen: 27 });
          // the substitute goes in for the wanted pieces
          expect(sut.accept.calls.at(-1)!.input).toEqual({ product: PRIMARY, substitute: 27, pieces: 3 });
        },
        acceptFailed: () =>
          expect(shown()).toMatchObject({ status: 'acceptFailed', alternatives: [16, 27], error: 409 }),
        taken: () => {
          expect(shown()).toMatchObject({ status: 'taken', chosen: 27 });
          // the app's cart loads again, to show the substitute in place of the line
          expect(sut.cart.getSnapshot().value).toBe('loading');
        },
        kept: () => expect(shown()).toMatchObject({ status: 'kept', alternatives: [16, 27] }),
        removed: () => expect(shown().status).toBe('removed'),
      },
    });
  });

  it('asks for the cart line’s own quantity when no pieces are given', async () => {
    sut = createSut();
    const actor = createActor(
      bindSubstituteChoice(testPorts(unusedApi, sut.cart)).provide({
        actors: { loadSubstitutes: sut.load.logic, acceptSubstitute: sut.accept.logic },
      }),
      { input: { productId: PRIMARY } },
    ).start();
    expect(actor.getSnapshot().context.pieces).toBeNull();
    actor.stop();
  });
});
