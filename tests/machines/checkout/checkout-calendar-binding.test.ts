import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { SessionClaims } from '../../../src/domain/types';
import { bindCheckout } from '../../../src/machines/checkout/checkout.machine';
import { selectCutoff, selectDeliveryDate } from '../../../src/machines/checkout/checkout.selectors';
import type { Ports } from '../../../src/machines/kernel/ports';
import type { PortalApi } from '../../../src/services/api';
import type { CompanyDeliveryCalendar } from '../../../src/services/api/wire/delivery-calendar';
import { httpError, networkError } from '../../../src/test/api-errors';
import { altonaCalendar } from './delivery-calendar-fixture';

const buyer = { name: 'Ada', accountName: 'Acme' } as SessionClaims;

/** A session the binder watches: who is signed in, changed by `signIn`/`signOut`. */
function fakeSession() {
  let claims: SessionClaims | null = null;
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of listeners) listener();
  };
  return {
    ref: {
      getSnapshot: () => ({ context: { claims } }),
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return { unsubscribe: () => listeners.delete(listener) };
      },
    },
    signIn: (who: SessionClaims) => {
      claims = who;
      tell();
    },
    signOut: () => {
      claims = null;
      tell();
    },
  };
}

let actor: Actor<ReturnType<typeof bindCheckout>>;
let session: ReturnType<typeof fakeSession>;
const deliveryCalendar = vi.fn<() => Promise<CompanyDeliveryCalendar | null>>();
const reportError = vi.fn(() => Promise.resolve());

function start() {
  session = fakeSession();
  const ports = {
    api: { deliveryCalendar, reportError } as unknown as PortalApi,
    cart: () => undefined,
    session: () => session.ref,
    favouriteLists: () => undefined,
  } as unknown as Ports;
  actor = createActor(bindCheckout(ports)).start();
}
const snapshot = () => actor.getSnapshot();
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: new Date('2026-11-20T12:00:00Z') });
  deliveryCalendar.mockReset();
  reportError.mockClear();
});
afterEach(() => {
  actor.stop();
  vi.useRealTimers();
});

describe('the checkout reads the delivery calendar once someone signs in', () => {
  it('asks nobody before sign-in, then reads the company’s calendar and preselects its earliest day', async () => {
    deliveryCalendar.mockResolvedValue(altonaCalendar);
    start();
    await settle();
    expect(deliveryCalendar).not.toHaveBeenCalled();
    session.signIn(buyer);
    await settle();
    expect(deliveryCalendar).toHaveBeenCalledTimes(1);
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-24');
  });

  it("keeps the specification's rule, unreported, on a backend without the calendar", async () => {
    deliveryCalendar.mockRejectedValue(httpError(501, 'not_offered'));
    start();
    session.signIn(buyer);
    await settle();
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-27');
    expect(selectCutoff(snapshot())).toBeNull();
    expect(reportError).not.toHaveBeenCalled();
  });

  it("keeps the specification's rule when the calendar cannot be read, and reports it once", async () => {
    deliveryCalendar.mockRejectedValue(networkError);
    start();
    session.signIn(buyer);
    await settle();
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-27');
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ source: 'checkout' }));
  });

  it('reads it again for the next user after a sign-out', async () => {
    deliveryCalendar.mockResolvedValueOnce(altonaCalendar).mockResolvedValueOnce(null);
    start();
    session.signIn(buyer);
    await settle();
    session.signOut();
    actor.send({ type: 'checkout.reset' });
    session.signIn({ ...buyer, name: 'Bob' } as SessionClaims);
    await settle();
    expect(deliveryCalendar).toHaveBeenCalledTimes(2);
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-27');
  });
});
