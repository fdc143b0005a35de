import { describe, expect, it } from 'vitest';
import { registerServiceWorker, type WorkerRegistration } from '../../../src/services/pwa/register';

/** A stand-in for workbox-window's Workbox: events are fired by the test. */
function fakeWorker() {
  const listeners = new Map<string, Array<() => void>>();
  const messages: unknown[] = [];
  let registered = 0;
  const worker: WorkerRegistration = {
    addEventListener: (type, listener) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    messageSkipWaiting: () => messages.push({ type: 'SKIP_WAITING' }),
    register: async () => {
      registered += 1;
    },
  };
  const fire = (type: 'waiting' | 'controlling') => {
    for (const listener of listeners.get(type) ?? []) listener();
  };
  return { worker, fire, messages, registered: () => registered };
}

describe('registering the service worker', () => {
  it('registers once and says nothing while no update waits', async () => {
    const fake = fakeWorker();
    const offers: unknown[] = [];
    await registerServiceWorker((reload) => offers.push(reload), {
      worker: fake.worker,
      reloadPage: () => {},
    });
    expect(fake.registered()).toBe(1);
    expect(offers).toHaveLength(0);
  });

  it('offers the update, and neither activates it nor reloads until the buyer chooses', async () => {
    const fake = fakeWorker();
    let reloads = 0;
    let offered: (() => void) | undefined;
    await registerServiceWorker(
      (reload) => {
        offered = reload;
      },
      { worker: fake.worker, reloadPage: () => reloads++ },
    );
    fake.fire('waiting');
    expect(offered).toBeTypeOf('function');
    expect(fake.messages).toEqual([]);
    // another tab let the new version take over: this page is not reloaded under the buyer
    fake.fire('controlling');
    expect(reloads).toBe(0);
  });

  it('asks the waiting worker to take over on Reload, and reloads once it controls the page', async () => {
    const fake = fakeWorker();
    let reloads = 0;
    let offered: (() => void) | undefined;
    await registerServiceWorker(
      (reload) => {
        offered = reload;
      },
      { worker: fake.worker, reloadPage: () => reloads++ },
    );
    fake.fire('waiting');
    offered?.();
    expect(fake.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reloads).toBe(0);
    fake.fire('controlling');
    expect(reloads).toBe(1);
  });
});
