import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromCallback, getInitialSnapshot } from 'xstate';
import {
  accountKey,
  type TabChannelEvent,
  type TabSyncContext,
  tabSyncMachine,
} from '../../../src/machines/app/tab-sync.machine';
import type { TabMessage } from '../../../src/services/tab-sync/tab-message';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';

const bea = accountKey({ accountName: 'Acme Foods', name: 'Bea Buyer' });
const olga = accountKey({ accountName: 'Other Company', name: 'Olga Other' });
const german = { id: 3, code: 'de' };

const signedIn: ModelEvent = { type: 'tabs.sessionShown', user: bea, language: 'en' };
const received = (message: TabMessage): ModelEvent => ({ type: 'tabs.received', message });

const model = modelFor(tabSyncMachine, {
  events: [
    signedIn,
    { type: 'tabs.sessionShown', user: null, language: null },
    { type: 'tabs.themeShown', theme: 'dark' },
    { type: 'tabs.languageSwitched', language: german },
    received({ kind: 'themeChanged', theme: 'dark' }),
    received({ kind: 'languageSwitched', user: bea ?? '', language: german }),
  ],
  // every field of the context is read by a guard (who is signed in, the shown language and theme, and
  // what this tab is following from another)
  serializeState: (s) => {
    const { user, language, theme, followingLanguage, followingTheme } = s.context as TabSyncContext;
    return JSON.stringify([s.value, user, language, theme, followingLanguage, followingTheme]);
  },
});
const fromStart = { fromState: getInitialSnapshot(tabSyncMachine) };
// Posting and following leave the context as it was: shortest paths never take them.
const paths = [
  ...model.getShortestPaths(),
  ...[
    [signedIn, { type: 'tabs.cartChanged' }],
    [{ type: 'tabs.cartChanged' }],
    [signedIn, { type: 'tabs.signingOut' }],
    [{ type: 'tabs.signingOut' }],
    [signedIn, { type: 'tabs.languageSwitched', language: german }],
    // following another tab's language: its arrival here is not told back
    [
      signedIn,
      received({ kind: 'languageSwitched', user: bea ?? '', language: german }),
      { type: 'tabs.languageSwitched', language: german },
    ],
    [{ type: 'tabs.languageSwitched', language: german }],
    [
      { type: 'tabs.themeShown', theme: 'light' },
      { type: 'tabs.themeShown', theme: 'dark' },
    ],
    [signedIn, received({ kind: 'cartChanged', user: bea ?? '' })],
    [signedIn, received({ kind: 'signedOut', user: bea ?? '' })],
    [signedIn, received({ kind: 'cartChanged', user: olga ?? '' })],
  ].flatMap((events) => model.getPathsFromEvents(events as ModelEvent[], fromStart)),
];
const walked = pathsToWalk('tabSync', tabSyncMachine, paths);

/** The chart with its channel recorded; the watchers' reports are driven by the path. */
function createSut() {
  const posted: TabMessage[] = [];
  const machine = tabSyncMachine.provide({
    actors: {
      channel: fromCallback<TabChannelEvent, void>(({ receive }) => {
        receive((event) => posted.push(event.message));
      }),
      watchTab: fromCallback(() => undefined),
    },
  });
  return { actor: createActor(machine).start(), posted };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

/** Every event the path sends; what it must post is checked against the context it found. */
const send = (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const before: TabSyncContext = sut.actor.getSnapshot().context;
  const postedBefore = sut.posted.length;
  sut.actor.send(event as never);
  const posted = sut.posted.slice(postedBefore);
  switch (event.type) {
    case 'tabs.cartChanged':
      expect(posted).toEqual(before.user === null ? [] : [{ kind: 'cartChanged', user: before.user }]);
      break;
    case 'tabs.signingOut':
      expect(posted).toEqual(before.user === null ? [] : [{ kind: 'signedOut', user: before.user }]);
      break;
    case 'tabs.languageSwitched': {
      const { language } = event as unknown as { language: typeof german };
      const told = before.user !== null && before.followingLanguage !== language.code;
      expect(posted).toEqual(told ? [{ kind: 'languageSwitched', user: before.user, language }] : []);
      break;
    }
    case 'tabs.themeShown': {
      const { theme } = event as unknown as { theme: 'light' | 'dark' };
      const told = before.theme !== null && before.followingTheme !== theme;
      expect(posted).toEqual(told ? [{ kind: 'themeChanged', theme }] : []);
      break;
    }
    default:
      // what another tab said, or who is signed in here, is never told back
      expect(posted).toEqual([]);
  }
};
const executors = {
  'tabs.sessionShown': send,
  'tabs.cartChanged': send,
  'tabs.signingOut': send,
  'tabs.languageSwitched': send,
  'tabs.themeShown': send,
  'tabs.received': send,
};
assertExecutorsFor(walked, executors);

describe('tab sync machine (model-based)', () => {
  it.each(walked.map((p) => [p.description.replace(/\(\{.*?\}\)/g, ''), p] as const))(
    '%s',
    async (_name, path) => {
      sut = createSut();
      await path.test({
        events: executors,
        states: {
          listening: (s: AnyMachineSnapshot) => {
            expect(sut.actor.getSnapshot().value).toEqual(s.value);
            expect(sut.actor.getSnapshot().context).toEqual(s.context);
          },
        },
      });
    },
  );
});
