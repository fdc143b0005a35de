import { type ActorRefFrom, assign, emit, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import type { Language } from '../../domain/types';
import { provideReporting } from '../kernel/error-reporting';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import type { sessionMachine } from '../session';

export interface LanguageChangeContext {
  /** the code of the language being switched to (or that failed); null while nothing is under way */
  chosen: string | null;
}

export type LanguageChangeEvent =
  /** `current`: the interface language shown now; choosing it does nothing (spec point 4) */
  | { type: 'language.chosen'; language: Pick<Language, 'id' | 'code'>; current: string }
  | { type: 'language.dismissed' }
  /** from `renewSession`: the session signed in again and carries the new claims */
  | { type: 'language.sessionRenewed'; language: string | null }
  | { type: 'language.sessionRenewFailed' }
  /**
   * From the shell: the interface speaks another language now (after `language.switched` here, a
   * sign-in with the account's language, another tab), so the next calls ask for texts in it.
   */
  | { type: 'language.applied' };

/**
 * The app's lists whose texts the server answers in the request's language (Accept-Language): names
 * of categories and units, the products' category names, notifications, announcements, campaigns,
 * order charges. A list nobody has asked for yet loads in the new language when needed.
 */
const textResourceIds = [
  'campaigns',
  'featured',
  'newest',
  'brands',
  'categories',
  'units',
  'announcements',
  'notifications',
  'orders',
] as const;

/** The shell switches the interface (i18next and `dir` on <html>) when this arrives. */
export type LanguageChangeEmitted = { type: 'language.switched'; language: string };

type SessionRef = ActorRefFrom<typeof sessionMachine>;

/**
 * Spec point 4, language change: choosing the current language does nothing; otherwise POST
 * /baf/update-language/, then sign in again through the refresh call so the new `language` claim
 * arrives, then switch the interface. A failure is reported and the interface stays as it was.
 */
export const languageChangeMachine = setup({
  types: {
    context: {} as LanguageChangeContext,
    events: {} as LanguageChangeEvent,
    emitted: {} as LanguageChangeEmitted,
  },
  actors: {
    updateLanguage: notBound<void, { languageId: number }>('languageChange.updateLanguage'),
    /**
     * Asks the session (by systemId) to sign in again and reports how it went. No I/O of its own: the
     * session's refresh call does it.
     */
    renewSession: fromCallback<LanguageChangeEvent>(({ sendBack, system }) => {
      const session = system.get('session') as SessionRef | undefined;
      if (!session) {
        sendBack({ type: 'language.sessionRenewFailed' });
        return;
      }
      const renewed = session.on('session.renewed', ({ language }) =>
        sendBack({ type: 'language.sessionRenewed', language }),
      );
      const failed = session.on('session.renewFailed', () =>
        sendBack({ type: 'language.sessionRenewFailed' }),
      );
      session.send({ type: 'session.renew' });
      return () => {
        renewed.unsubscribe();
        failed.unsubscribe();
      };
    }),
  },
  guards: {
    isCurrentLanguage: (_, params: { chosen: string; current: string }) => params.chosen === params.current,
  },
  actions: {
    rememberChoice: assign((_, params: { language: string }) => ({ chosen: params.language })),
    forget: assign({ chosen: null }),
    switchInterface: emit((_, params: { language: string }) => ({
      type: 'language.switched' as const,
      language: params.language,
    })),
    /** each list in `textResourceIds` that is running fetches its texts again, keeping them shown meanwhile */
    refreshTexts: enqueueActions(({ enqueue, system }) => {
      for (const id of textResourceIds) {
        const resource = system.get(id);
        if (resource) enqueue.sendTo(resource, { type: 'resource.refresh' });
      }
    }),
    /** spec point 8: a language update failure is reported; a no-op here, bound by provideReporting */
    reportError: (_, _params: { error: unknown }) => undefined,
  },
}).createMachine({
  id: 'languageChange',
  context: { chosen: null },
  initial: 'idle',
  on: {
    // whatever this machine is doing: the texts on screen are in the old language until fetched again
    'language.applied': { actions: 'refreshTexts' },
  },
  states: {
    idle: {
      description:
        'The language menu in the header and the list under Settings › Language show the current language with a tick; choosing another starts the change, choosing the current one does nothing.',
      on: {
        'language.chosen': [
          {
            guard: {
              type: 'isCurrentLanguage',
              params: ({ event }) => ({ chosen: event.language.code, current: event.current }),
            },
          },
          {
            target: 'saving',
            actions: { type: 'rememberChoice', params: ({ event }) => ({ language: event.language.code }) },
          },
        ],
      },
    },
    saving: {
      description:
        'The chosen language shows a spinner ("Switching…" in the settings list, whose buttons are disabled) while the server saves it for the account; the portal is still in the old language.',
      invoke: {
        id: 'updateLanguage',
        src: 'updateLanguage',
        input: ({ event }) => ({ languageId: event.type === 'language.chosen' ? event.language.id : 0 }),
        onDone: 'renewingSession',
        onError: {
          target: 'failed.update',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    renewingSession: {
      description:
        'The spinner stays while the sign-in is renewed so that the new language comes with it; then the whole portal switches to the new language.',
      invoke: { id: 'renewSession', src: 'renewSession' },
      on: {
        'language.sessionRenewed': {
          target: 'idle',
          actions: [
            {
              type: 'switchInterface',
              params: ({ context, event }) => ({ language: context.chosen ?? event.language ?? '' }),
            },
            'forget',
          ],
        },
        // the session has reported its own failure; the account has the new language from the next sign-in on
        'language.sessionRenewFailed': 'failed.renewal',
      },
    },
    failed: {
      description:
        'An alert says why the change did not happen. The customer may try again, choose another language, or close the alert.',
      initial: 'update',
      states: {
        update: {
          description:
            'The server did not save the language: the alert says it could not be changed, and the portal stays as it was.',
        },
        renewal: {
          description:
            'The language is saved for the account but signing in again failed: the alert says it will apply at the next sign-in.',
        },
      },
      on: {
        'language.chosen': [
          {
            guard: {
              type: 'isCurrentLanguage',
              params: ({ event }) => ({ chosen: event.language.code, current: event.current }),
            },
            target: 'idle',
            actions: 'forget',
          },
          {
            target: 'saving',
            actions: { type: 'rememberChoice', params: ({ event }) => ({ language: event.language.code }) },
          },
        ],
        'language.dismissed': { target: 'idle', actions: 'forget' },
      },
    },
  },
});

/** The language change with the update call and the error reporter bound (composition root). */
export const bindLanguageChange = ({ api }: Ports) =>
  provideReporting(
    languageChangeMachine.provide({
      actors: {
        updateLanguage: fromPromise<void, { languageId: number }>(({ input, signal }) =>
          api.updateLanguage(input.languageId, { signal }),
        ),
      },
    }),
    api,
  );
