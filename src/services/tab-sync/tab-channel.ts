import { readTabMessage, type TabMessage } from './tab-message';

export const TAB_CHANNEL = 'portal.tabs';

/** The other tabs of this browser: what this tab tells them, and what they tell it. */
export interface TabChannel {
  post(message: TabMessage): void;
  /** every message another tab posts (never this tab's own); answers the unsubscribe */
  listen(listener: (message: TabMessage) => void): () => void;
  close(): void;
}

export interface TabChannelOptions {
  broadcastChannel?: typeof BroadcastChannel | undefined;
  storage?: () => Storage | undefined;
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined;
}

/**
 * BroadcastChannel where the browser has it. Without it, a write to localStorage: every other tab of
 * the origin gets a `storage` event (the writing tab does not), and the key is removed at once, so it
 * holds nothing between messages. A counter makes two equal messages two changes of the value.
 */
export function createTabChannel(options: TabChannelOptions = {}): TabChannel {
  const Channel = 'broadcastChannel' in options ? options.broadcastChannel : globalThis.BroadcastChannel;
  if (typeof Channel === 'function') return broadcastTabChannel(new Channel(TAB_CHANNEL));
  return storageTabChannel(options.storage ?? (() => globalThis.localStorage), options.events ?? globalThis);
}

function broadcastTabChannel(channel: BroadcastChannel): TabChannel {
  return {
    post: (message) => channel.postMessage(message),
    listen(listener) {
      const onMessage = (event: MessageEvent) => {
        const message = readTabMessage(event.data);
        if (message) listener(message);
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}

function storageTabChannel(
  storage: () => Storage | undefined,
  events: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined,
): TabChannel {
  let sent = 0;
  return {
    post(message) {
      sent += 1;
      try {
        storage()?.setItem(TAB_CHANNEL, JSON.stringify({ message, sent, at: Date.now() }));
        storage()?.removeItem(TAB_CHANNEL);
      } catch {
        // Blocked or full storage: the other tabs catch up on their next load.
      }
    },
    listen(listener) {
      const onStorage = (event: Event) => {
        const { key, newValue } = event as StorageEvent;
        if (key !== TAB_CHANNEL || newValue === null) return;
        let data: unknown;
        try {
          data = (JSON.parse(newValue) as { message?: unknown }).message;
        } catch {
          return;
        }
        const message = readTabMessage(data);
        if (message) listener(message);
      };
      events?.addEventListener('storage', onStorage);
      return () => events?.removeEventListener('storage', onStorage);
    },
    close: () => undefined,
  };
}
