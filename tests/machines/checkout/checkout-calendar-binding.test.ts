import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { CompanyInfo, SessionClaims } from '../../../src/domain/types';
import { bindCheckout } from '../../../src/machines/checkout/checkout.machine';
import {
  selectChosenAddressId,
  selectCutoff,
  selectDeliveryAddresses,
  selectDeliveryDate,
  selectMinimumOrderRule,
} from '../../../src/machines/checkout/checkout.selectors';
import type { Ports } from '../../../src/machines/kernel/ports';
import type { PortalApi } from '../../../src/services/api';
import type { CompanyDeliveryTerms } from '../../../src/services/api/delivery-calendar';
import { httpError, networkError } from '../../../src/test/api-errors';
import { aCompanyInfo, anAddress } from '../../../src/test/builders';
import { altonaCalendar, twoRouteCalendar } from './delivery-calendar-fixture';

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
const deliveryTerms = vi.fn<() => Promise<CompanyDeliveryTerms>>();
const companyInfo = vi.fn<() => Promise<CompanyInfo>>();
const reportError = vi.fn(() => Promise.resolve());
const terms = (calendar: CompanyDeliveryTerms['calendar']): CompanyDeliveryTerms => ({
  calendar,
  minimumOrder: null,
});
// the company's two delivery addresses, on routes Altona (2) and Ottensen (3)
const twoAddresses = aCompanyInfo({
  deliveryAddresses: [anAddress({ pk: 2, name: 'Altona shop' }), anAddress({ pk: 3, name: 'Ottensen shop' })],
});

function start() {
  session = fakeSession();
  const ports = {
    api: { deliveryTerms, companyInfo, reportError } as unknown as PortalApi,
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
  deliveryTerms.mockReset();
  companyInfo.mockReset();
  companyInfo.mockResolvedValue(aCompanyInfo({ deliveryAddresses: [] }));
  reportError.mockClear();
});
afterEach(() => {
  actor.stop();
  vi.useRealTimers();
});

describe('the checkout reads the delivery calendar once someone signs in', () => {
  it('asks nobody before sign-in, then reads the company’s calendar and preselects its earliest day', async () => {
    deliveryTerms.mockResolvedValue(terms(altonaCalendar));
    start();
    await settle();
    expect(deliveryTerms).not.toHaveBeenCalled();
    session.signIn(buyer);
    await settle();
    expect(deliveryTerms).toHaveBeenCalledTimes(1);
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-24');
  });

  it("keeps the specification's rule, unreported, on a backend without the calendar", async () => {
    deliveryTerms.mockRejectedValue(httpError(501, 'not_offered'));
    start();
    session.signIn(buyer);
    await settle();
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-27');
    expect(selectCutoff(snapshot())).toBeNull();
    expect(reportError).not.toHaveBeenCalled();
  });

  it("keeps the specification's rule when the calendar cannot be read, and reports it once", async () => {
    deliveryTerms.mockRejectedValue(networkError);
    start();
    session.signIn(buyer);
    await settle();
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-27');
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ source: 'checkout' }));
  });

  it('reads it again for the next user after a sign-out', async () => {
    deliveryTerms.mockResolvedValueOnce(terms(altonaCalendar)).mockResolvedValueOnce(terms(null));
    start();
    session.signIn(buyer);
    await settle();
    session.signOut();
    actor.send({ type: 'checkout.reset' });
    session.signIn({ ...buyer, name: 'Bob' } as SessionClaims);
    await settle();
    expect(deliveryTerms).toHaveBeenCalledTimes(2);
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-27');
  });

  it('keeps the company’s own minimum order value, also without a calendar', async () => {
    const minimumOrder = { value: '150.00', mode: 'block' as const, fee: null };
    deliveryTerms.mockResolvedValue({ calendar: null, minimumOrder });
    start();
    session.signIn(buyer);
    await settle();
    expect(selectMinimumOrderRule(snapshot())).toEqual(minimumOrder);
  });
});

describe('the checkout reads the company’s delivery addresses once someone signs in', () => {
  it('offers them, the first chosen, and its route decides the earliest day', async () => {
    deliveryTerms.mockResolvedValue(terms(twoRouteCalendar));
    companyInfo.mockResolvedValue({
      ...twoAddresses,
      // an address the server has not keyed yet cannot be ordered to
      deliveryAddresses: [anAddress({ pk: 3, name: 'Ottensen shop' }), anAddress({ pk: null, name: 'New' })],
    });
    start();
    session.signIn(buyer);
    await settle();
    // read when the form shows, not at sign-in
    expect(companyInfo).not.toHaveBeenCalled();
    actor.send({ type: 'checkout.addressesNeeded' });
    await settle();
    expect(companyInfo).toHaveBeenCalledTimes(1);
    expect(selectDeliveryAddresses(snapshot()).map((a) => a.name)).toEqual(['Ottensen shop']);
    expect(selectChosenAddressId(snapshot())).toBe(3);
    // Ottensen drives on Wednesdays and Fridays
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-25');
  });

  it('offers no choice when they cannot be read, and reports it once', async () => {
    deliveryTerms.mockResolvedValue(terms(twoRouteCalendar));
    companyInfo.mockRejectedValue(networkError);
    start();
    session.signIn(buyer);
    actor.send({ type: 'checkout.addressesNeeded' });
    await settle();
    expect(selectDeliveryAddresses(snapshot())).toEqual([]);
    expect(selectChosenAddressId(snapshot())).toBeNull();
    expect(reportError).toHaveBeenCalledTimes(1);
  });

  it('reads them again each time the form shows, so an address added meanwhile is offered', async () => {
    deliveryTerms.mockResolvedValue(terms(twoRouteCalendar));
    companyInfo.mockResolvedValueOnce({
      ...twoAddresses,
      deliveryAddresses: [anAddress({ pk: 3, name: 'Ottensen shop' })],
    });
    start();
    session.signIn(buyer);
    actor.send({ type: 'checkout.addressesNeeded' });
    await settle();
    companyInfo.mockResolvedValueOnce({
      ...twoAddresses,
      deliveryAddresses: [
        anAddress({ pk: 3, name: 'Ottensen shop' }),
        anAddress({ pk: 4, name: 'Back door' }),
      ],
    });
    actor.send({ type: 'checkout.addressesNeeded' });
    await settle();
    expect(selectDeliveryAddresses(snapshot()).map((a) => a.name)).toEqual(['Ottensen shop', 'Back door']);
  });

  it('reads nothing while nobody is signed in', async () => {
    start();
    actor.send({ type: 'checkout.addressesNeeded' });
    await settle();
    expect(companyInfo).not.toHaveBeenCalled();
  });
});
