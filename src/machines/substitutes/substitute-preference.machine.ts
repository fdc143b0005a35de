import { assign, fromPromise, setup } from 'xstate';
import type { SubstitutePreference } from '../../services/api/wire/substitutes';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';

export type { SubstitutePreference };

/** One switch changed: the user's own, or (the main user only) the company's. */
export interface SubstitutePreferenceChange {
  companyForbids?: boolean;
  userForbids?: boolean;
}

export interface SubstitutePreferenceContext {
  preference: SubstitutePreference | null;
  /** the change on its way, or the one that failed (Try again sends it again) */
  change: SubstitutePreferenceChange | null;
  error: ErrorInfo | null;
}

export type SubstitutePreferenceEvent =
  | { type: 'preference.changed'; change: SubstitutePreferenceChange }
  | { type: 'preference.retried' };

/**
 * Settings › Substitutes: whether the user, and (the main user deciding) the whole company, never want
 * substitutes offered. Each switch saves at once; the server's answer is what the switches show.
 */
export const substitutePreferenceMachine = setup({
  types: {
    context: {} as SubstitutePreferenceContext,
    events: {} as SubstitutePreferenceEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindSubstitutePreference` */
    loadPreference: notBound<SubstitutePreference>('substitutePreference.loadPreference'),
    /** bound by `bindSubstitutePreference` */
    savePreference: notBound<SubstitutePreference, SubstitutePreferenceChange>(
      'substitutePreference.savePreference',
    ),
  },
  guards: {
    callMissing: (_, params: { error: unknown }) => toErrorInfo(params.error).missingCall === true,
  },
  actions: {
    keepPreference: assign((_, params: { preference: SubstitutePreference }) => ({
      preference: params.preference,
      change: null,
      error: null,
    })),
    keepChange: assign((_, params: { change: SubstitutePreferenceChange }) => ({ change: params.change })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
  },
}).createMachine({
  id: 'substitutePreference',
  context: { preference: null, change: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The section shows a loading note.',
      tags: 'busy',
      invoke: {
        id: 'loadPreference',
        src: 'loadPreference',
        onDone: {
          target: 'shown',
          actions: { type: 'keepPreference', params: ({ event }) => ({ preference: event.output }) },
        },
        onError: [
          {
            guard: { type: 'callMissing', params: ({ event }) => ({ error: event.error }) },
            target: 'notOffered',
          },
          {
            target: 'loadFailed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    loadFailed: {
      description: 'The section says the setting could not be loaded, with Try again.',
      on: { 'preference.retried': 'loading' },
    },
    notOffered: {
      description: 'The backend offers no substitutes: the section says the feature is not offered.',
    },
    shown: {
      description:
        'Two switches: "Never offer me substitutes" and, changeable by the main user only, "Never offer substitutes to anyone in the company".',
      initial: 'idle',
      on: {
        'preference.changed': {
          target: '.saving',
          actions: { type: 'keepChange', params: ({ event }) => ({ change: event.change }) },
        },
      },
      states: {
        idle: { description: 'Nothing is being saved.' },
        saved: { description: 'A note says "Saved."' },
        saving: {
          description: 'The switches are disabled and a note says "Saving…".',
          tags: 'busy',
          on: { 'preference.changed': {} },
          invoke: {
            id: 'savePreference',
            src: 'savePreference',
            input: ({ context }) => context.change ?? {},
            onDone: {
              target: 'saved',
              actions: { type: 'keepPreference', params: ({ event }) => ({ preference: event.output }) },
            },
            onError: {
              target: 'saveFailed',
              actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        saveFailed: {
          description:
            'The switches show what was saved before, with "The setting could not be saved." and Try again.',
          on: { 'preference.retried': 'saving' },
        },
      },
    },
  },
});

export const bindSubstitutePreference = ({ api }: Ports) =>
  substitutePreferenceMachine.provide({
    actors: {
      loadPreference: fromPromise<SubstitutePreference, void>(({ signal }) =>
        api.substitutePreference({ signal }),
      ),
      savePreference: fromPromise<SubstitutePreference, SubstitutePreferenceChange>(({ input, signal }) =>
        api.setSubstitutePreference(input, { signal }),
      ),
    },
  });
