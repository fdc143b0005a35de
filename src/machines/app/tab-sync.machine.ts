import { type ActorRefFrom, assign, enqueueActions, fromCallback, setup } from 'xstate';
import type { Language } from '../../domain/types';
import type { Theme } from '../../services/preferences';
import { createTabChannel } from '../../services/tab-sync/tab-channel';
import type { TabMessage } from '../../services/tab-sync/tab-message';
import type { Ports } from '../kernel/ports';
import type { ResourceMachine } from '../kernel/resource.machine';
import { type SessionActorRef, selectClaims, selectIsSigningOut, selectLanguage } from '../session';
import type { preferencesMachine } from './preferences.machine';
import { selectTheme } from './preferences.selectors';

export type { TabMessage } from '../../services/tab-sync/tab-message';

export interface TabSyncContext {
  /** the signed-in account as messages name it (null: no one); only its own messages are followed */
  user: string | null;
  /** the session's language claim: a language message naming it changes nothing */
  language: string | null;
  theme: Theme | null;
  /** what this tab is switching to because another tab did: when it arrives it is not told back */
  followingLanguage: string | null;
  followingTheme: Theme | null;
}

export type TabSyncEvent =
  /** from the cart (systemId `tabSync`): a change of its lines was stored, or an order placed */
  | { type: 'tabs.cartChanged' }
  /** from `watchTab`: who is signed in now, in which language */
  | { type: 'tabs.sessionShown'; user: string | null; language: string | null }
  /** from `watchTab`: the customer pressed Sign out here */
  | { type: 'tabs.signingOut' }
  /** from `watchTab`: this tab's interface switched language */
  | { type: 'tabs.languageSwitched'; language: Pick<Language, 'id' | 'code'> }
  /** from `watchTab`: the theme shown now (once at start, then on every change) */
  | { type: 'tabs.themeShown'; theme: Theme }
  /** from `channel`: another tab's message, already parsed */
  | { type: 'tabs.received'; message: TabMessage };

/** The language change's own event: this tab changes as if the customer had chosen it here. */
type LanguageChosen = { type: 'language.chosen'; language: Pick<Language, 'id' | 'code'>; current: string };

/** What the tab sync asks of `channel`: tell the other tabs. */
export type TabChannelEvent = { type: 'channel.post'; message: TabMessage };

/** The account a message is about: the same pair the checkout names its draft by. */
export const accountKey = (claims: { accountName: string; name: string } | null): string | null =>
  claims ? JSON.stringify([claims.accountName, claims.name]) : null;

/** A message about an account is followed only by tabs signed in to that account. */
const sameUser = (context: TabSyncContext, message: { user: string }) =>
  context.user !== null && message.user === context.user;

type PreferencesRef = ActorRefFrom<typeof preferencesMachine>;
type LanguagesRef = ActorRefFrom<ResourceMachine<Language[]>>;

/**
 * Tabs that agree: what happens in one tab of this browser (a cart change, Sign out, another
 * language or theme) reaches the others at once. This tab's machines tell this chart (the cart by
 * systemId, the rest through `watchTab`), it posts a message; another tab's message arrives as
 * `tabs.received` and becomes the event the owning machine already knows. The channel never hands a
 * tab its own messages, and what a tab does because another did is not told back.
 */
export const tabSyncMachine = setup({
  types: {
    context: {} as TabSyncContext,
    events: {} as TabSyncEvent,
  },
  actors: {
    /** the other tabs; unbound, nobody hears this tab and it hears no one (bound by `bindTabSync`) */
    channel: fromCallback<TabChannelEvent, void>(() => undefined),
    /**
     * Follows this tab's session, theme and language change (by systemId) and tells the chart what
     * they show. No I/O: it only reads the actors the app already runs.
     */
    watchTab: fromCallback<TabSyncEvent>(({ sendBack, system }) => {
      const session = system.get('session') as SessionActorRef | undefined;
      const preferences = system.get('preferences') as PreferencesRef | undefined;
      const languageChange = system.get('languageChange') as
        | { on: (type: 'language.switched', h: (e: { language: string }) => void) => { unsubscribe(): void } }
        | undefined;
      let shown: string | null | undefined;
      let signingOut = false;
      const followSession = () => {
        const snapshot = session?.getSnapshot();
        if (!snapshot) return;
        const user = accountKey(selectClaims(snapshot));
        const language = selectLanguage(snapshot);
        const now = JSON.stringify([user, language]);
        // signingOut is entered only by a sign-out asked for in this tab (Sign out, account deletion)
        const nowSigningOut = selectIsSigningOut(snapshot);
        if (nowSigningOut && !signingOut) sendBack({ type: 'tabs.signingOut' });
        signingOut = nowSigningOut;
        if (now === shown) return;
        shown = now;
        sendBack({ type: 'tabs.sessionShown', user, language });
      };
      let theme: Theme | undefined;
      const followTheme = () => {
        const snapshot = preferences?.getSnapshot();
        if (!snapshot || selectTheme(snapshot) === theme) return;
        theme = selectTheme(snapshot);
        sendBack({ type: 'tabs.themeShown', theme });
      };
      followSession();
      followTheme();
      const sessions = session?.subscribe(followSession);
      const themes = preferences?.subscribe(followTheme);
      const switches = languageChange?.on('language.switched', ({ language: code }) => {
        const languages = system.get('languages') as LanguagesRef | undefined;
        const language = languages?.getSnapshot().context.value?.find((known) => known.code === code);
        if (language) sendBack({ type: 'tabs.languageSwitched', language: { id: language.id, code } });
      });
      return () => {
        sessions?.unsubscribe();
        themes?.unsubscribe();
        switches?.unsubscribe();
      };
    }),
  },
  guards: {
    isSignedIn: ({ context }) => context.user !== null,
    /** this tab switched because another did: the other tabs know already */
    isFollowedLanguage: ({ context }, params: { code: string }) => context.followingLanguage === params.code,
    isFollowedTheme: ({ context }, params: { theme: Theme }) =>
      context.theme === null || context.followingTheme === params.theme,
    isOtherTheme: ({ context, event }) =>
      event.type === 'tabs.received' &&
      event.message.kind === 'themeChanged' &&
      event.message.theme !== context.theme,
    isCartOfThisUser: ({ context, event }) =>
      event.type === 'tabs.received' &&
      event.message.kind === 'cartChanged' &&
      sameUser(context, event.message),
    isSignOutOfThisUser: ({ context, event }) =>
      event.type === 'tabs.received' &&
      event.message.kind === 'signedOut' &&
      sameUser(context, event.message),
    /** a language this tab does not show yet, chosen in another tab of the same account */
    isNewLanguageOfThisUser: ({ context, event }) =>
      event.type === 'tabs.received' &&
      event.message.kind === 'languageSwitched' &&
      sameUser(context, event.message) &&
      event.message.language.code !== context.language,
  },
  actions: {
    post: enqueueActions(({ enqueue }, params: { message: TabMessage }) => {
      const post: TabChannelEvent = { type: 'channel.post', message: params.message };
      enqueue.sendTo('channel', post);
    }),
    takeSession: assign((_, params: { user: string | null; language: string | null }) => ({
      user: params.user,
      language: params.language,
    })),
    takeTheme: assign((_, params: { theme: Theme }) => ({ theme: params.theme, followingTheme: null })),
    forgetFollowedLanguage: assign({ followingLanguage: null }),
    /** the cart fetches itself afresh (the other tab's change is on the server already) */
    followCart: enqueueActions(({ system, enqueue }) => {
      const cart = system.get('cart');
      if (cart) enqueue.sendTo(cart, { type: 'cart.changedElsewhere' });
    }),
    /** the session ends here as it did there; the other tab already ended it on the server */
    followSignOut: enqueueActions(({ system, enqueue }) => {
      const session = system.get('session');
      if (session) enqueue.sendTo(session, { type: 'session.signedOutElsewhere' });
    }),
    /** the language change this tab knows: it signs in again for the new claim and switches the interface */
    followLanguage: enqueueActions(({ context, system, enqueue }, params: { message: TabMessage }) => {
      if (params.message.kind !== 'languageSwitched') return;
      const { language } = params.message;
      enqueue.assign({ followingLanguage: language.code });
      const languageChange = system.get('languageChange');
      const chosen: LanguageChosen = { type: 'language.chosen', language, current: context.language ?? '' };
      if (languageChange) enqueue.sendTo(languageChange, chosen);
    }),
    /** the theme is kept in the browser's storage already: this tab only shows it */
    followTheme: enqueueActions(({ system, enqueue }, params: { message: TabMessage }) => {
      if (params.message.kind !== 'themeChanged') return;
      enqueue.assign({ followingTheme: params.message.theme });
      const preferences = system.get('preferences');
      if (preferences) enqueue.sendTo(preferences, { type: 'preferences.themeToggled' });
    }),
  },
}).createMachine({
  id: 'tabSync',
  context: { user: null, language: null, theme: null, followingLanguage: null, followingTheme: null },
  invoke: [
    { id: 'channel', src: 'channel' },
    { id: 'watchTab', src: 'watchTab' },
  ],
  initial: 'listening',
  states: {
    listening: {
      description:
        'Changes made in this tab (the cart, Sign out, the language, the theme) are told to the other tabs of this browser, and theirs are followed here: the cart drawer shows their lines, their sign-out shows the login screen here, their language and theme are shown here too.',
      on: {
        'tabs.sessionShown': {
          actions: {
            type: 'takeSession',
            params: ({ event }) => ({ user: event.user, language: event.language }),
          },
        },
        'tabs.cartChanged': {
          guard: 'isSignedIn',
          actions: {
            type: 'post',
            params: ({ context }) => ({ message: { kind: 'cartChanged', user: context.user ?? '' } }),
          },
        },
        'tabs.signingOut': {
          guard: 'isSignedIn',
          actions: {
            type: 'post',
            params: ({ context }) => ({ message: { kind: 'signedOut', user: context.user ?? '' } }),
          },
        },
        'tabs.languageSwitched': [
          {
            guard: { type: 'isFollowedLanguage', params: ({ event }) => ({ code: event.language.code }) },
            actions: 'forgetFollowedLanguage',
          },
          {
            guard: 'isSignedIn',
            actions: {
              type: 'post',
              params: ({ context, event }) => ({
                message: { kind: 'languageSwitched', user: context.user ?? '', language: event.language },
              }),
            },
          },
        ],
        'tabs.themeShown': [
          {
            guard: { type: 'isFollowedTheme', params: ({ event }) => ({ theme: event.theme }) },
            actions: { type: 'takeTheme', params: ({ event }) => ({ theme: event.theme }) },
          },
          {
            actions: [
              { type: 'takeTheme', params: ({ event }) => ({ theme: event.theme }) },
              {
                type: 'post',
                params: ({ event }) => ({ message: { kind: 'themeChanged', theme: event.theme } }),
              },
            ],
          },
        ],
        'tabs.received': [
          {
            guard: 'isOtherTheme',
            actions: { type: 'followTheme', params: ({ event }) => ({ message: event.message }) },
          },
          { guard: 'isCartOfThisUser', actions: 'followCart' },
          { guard: 'isSignOutOfThisUser', actions: 'followSignOut' },
          {
            guard: 'isNewLanguageOfThisUser',
            actions: { type: 'followLanguage', params: ({ event }) => ({ message: event.message }) },
          },
        ],
      },
    },
  },
});

/**
 * The tab sync with the browser's channel bound (cart-area.ts: the login route ships none of it). One
 * channel per running chart, closed when it stops.
 */
export const bindTabSync = (ports: Ports) =>
  tabSyncMachine.provide({
    actors: {
      channel: fromCallback<TabChannelEvent, void>(({ sendBack, receive }) => {
        const channel = (ports.tabChannel ?? createTabChannel)();
        const stopListening = channel.listen((message) => sendBack({ type: 'tabs.received', message }));
        receive((event) => channel.post(event.message));
        return () => {
          stopListening();
          channel.close();
        };
      }),
    },
  });
