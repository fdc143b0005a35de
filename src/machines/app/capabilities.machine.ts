import { assign, fromPromise, setup } from 'xstate';
import type { Capability } from '../../services/api/capabilities';
import { notBound } from '../kernel/not-bound';
import type { Binder } from '../kernel/ports';

/** The names screens ask about (`useCapability`), from the API layer that defines them. */
export type { Capability };

export type CapabilitiesEvent =
  /** a call of this capability was answered as one the backend does not have (405, 501, a bare 404) */
  { type: 'capability.lost'; capability: Capability };

export interface CapabilitiesContext {
  /** what the backend announced */
  available: Capability[];
  /** what a call showed missing, whatever discovery says or will say */
  lost: Capability[];
}

/**
 * What the backend can do beyond the specification's calls, asked once at start (no token needed: the
 * login screen's forgotten-password link depends on it). Screens read it through selectors and hide or
 * degrade what needs a capability that is absent.
 */
export const capabilitiesMachine = setup({
  types: { context: {} as CapabilitiesContext, events: {} as CapabilitiesEvent },
  actors: { discover: notBound<Capability[]>('capabilities.discover') },
  delays: { rediscover: 3000 },
}).createMachine({
  id: 'capabilities',
  context: { available: [], lost: [] },
  initial: 'discovering',
  on: {
    'capability.lost': {
      actions: assign({ lost: ({ context, event }) => [...new Set([...context.lost, event.capability])] }),
    },
  },
  states: {
    discovering: {
      description:
        'Asking the backend what it offers beyond the specification; until it answers, screens show only what the specification describes.',
      invoke: {
        id: 'discover',
        src: 'discover',
        onDone: { target: 'known', actions: assign({ available: ({ event }) => event.output }) },
        onError: 'unreachable',
      },
    },
    unreachable: {
      description:
        'The backend did not answer the question (offline or failing): screens show only what the specification describes, and it is asked again after three seconds.',
      after: { rediscover: 'discovering' },
    },
    known: {
      description:
        'The backend said what it offers (a backend without the question offers nothing extra); a call it turns out not to have is dropped from the list.',
    },
  },
});

export const bindCapabilities: Binder<typeof capabilitiesMachine> = ({ api }) =>
  capabilitiesMachine.provide({
    actors: { discover: fromPromise(({ signal }) => api.capabilities({ signal })) },
  });
