import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyStateMachine, createActor } from 'xstate';
import { bindAppMachine } from '../../../src/machines/app/app.actor';
import { bindCart } from '../../../src/machines/cart/cart.machine';
import { bindCatalogueResources } from '../../../src/machines/catalogue/catalogue.resources';
import { isReportable } from '../../../src/machines/kernel/error-reporting';
import { bindResource, createResourceMachine } from '../../../src/machines/kernel/resource.machine';
import { bindOrdersResource } from '../../../src/machines/orders/orders.machine';
import type { PortalApi } from '../../../src/services/api';
import { ApiError, NotSignedInError } from '../../../src/services/api/errors';
import { settle } from '../../../src/test/controllableActor';
import { testPorts } from '../../../src/test/ports';

// Spec point 8 for operators: every failed load is reported once, with the resource's name and the status.

const httpError = (status: number, call = 'GET netb2b/campaigns/', code: string | null = null) =>
  new ApiError({ kind: 'http', call, status, code }, `${call} failed with HTTP ${status}`);

afterEach(() => vi.restoreAllMocks());

/** Loads a bound resource once (and once more on Try again), the way a screen does. */
async function loadTwice(machine: AnyStateMachine) {
  const actor = createActor(machine).start();
  actor.send({ type: 'resource.load' });
  await settle();
  const first = actor.getSnapshot().value;
  actor.send({ type: 'resource.load' });
  await settle();
  actor.stop();
  return first;
}

describe('a failed resource load is reported once per failure', () => {
  it('bindResource reports the failure under the resource name with its status and call', async () => {
    const reportError = vi.fn(async () => undefined);
    const machine = bindResource(
      createResourceMachine<string[]>('campaigns'),
      () => Promise.reject(httpError(503)),
      { reportError },
    );
    expect(await loadTwice(machine)).toBe('rejected');
    // two loads that failed (the first and Try again): two reports, never more
    expect(reportError).toHaveBeenCalledTimes(2);
    expect(reportError).toHaveBeenCalledWith({
      source: 'campaigns',
      message: 'GET netb2b/campaigns/ failed with HTTP 503',
      status: 503,
      call: 'GET netb2b/campaigns/',
    });
  });

  it('a failed reload (the value stays shown) is reported too', async () => {
    const reportError = vi.fn(async () => undefined);
    const load = vi
      .fn<() => Promise<string[]>>()
      .mockResolvedValueOnce(['x'])
      .mockRejectedValueOnce(httpError(500));
    const actor = createActor(
      bindResource(createResourceMachine<string[]>('featured'), load, { reportError }),
    ).start();
    actor.send({ type: 'resource.load' });
    await settle();
    actor.send({ type: 'resource.reload' });
    await settle();
    expect(actor.getSnapshot()).toMatchObject({ value: 'rejected', context: { value: ['x'] } });
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ source: 'featured', status: 500 }));
    actor.stop();
  });

  it.each([
    ['a 401 (the session handles it)', httpError(401), 'rejected'],
    // a backend without the call: the resource says it is not offered, and there is nothing to tell
    ['a missing call: 405', httpError(405), 'unavailable'],
    ['a missing call: 501', httpError(501), 'unavailable'],
    [
      'a missing call: a 404 that is not about a record',
      httpError(404, 'GET netb2b/brands/', 'no_such_call'),
      'unavailable',
    ],
    ['a call made with nobody signed in', new NotSignedInError('GET netb2b/orders/'), 'rejected'],
    ['an abort', new DOMException('The operation was aborted.', 'AbortError'), 'rejected'],
  ])('is not reported when it is %s', async (_name, error, state) => {
    const reportError = vi.fn(async () => undefined);
    const machine = bindResource(createResourceMachine<string[]>('brands'), () => Promise.reject(error), {
      reportError,
    });
    expect(await loadTwice(machine)).toBe(state);
    expect(reportError).not.toHaveBeenCalled();
  });

  it('a 404 about a record and a parse failure are reported', () => {
    expect(isReportable(httpError(404, 'GET netb2b/orders/7/', 'not_found'))).toBe(true);
    expect(
      isReportable(new ApiError({ kind: 'parse', call: 'GET x/', status: 200 }, 'GET x/: unexpected answer')),
    ).toBe(true);
    expect(isReportable(new Error('boom'))).toBe(true);
  });
});

describe('the composition root binds the reporter of every resource it loads', () => {
  const failing = () => Promise.reject(httpError(500, 'GET somewhere/'));
  const api = {
    configuration: failing,
    languages: failing,
    campaigns: failing,
    featuredProducts: failing,
    newestProducts: failing,
    brands: failing,
    categories: failing,
    productUnits: failing,
    customerCurrency: failing,
    announcements: failing,
    orders: failing,
  } as unknown as Partial<PortalApi>;

  it('configuration, languages, the catalogue lists and the orders each report their failed load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reportError = vi.fn(async () => undefined);
    const ports = testPorts({ ...api, reportError });
    const children = bindAppMachine(ports).implementations.actors as Record<string, AnyStateMachine>;
    const resources: Record<string, AnyStateMachine> = {
      configuration: children.configuration!,
      languages: children.languages!,
      ...bindCatalogueResources(ports),
      orders: bindOrdersResource(ports),
    };
    for (const machine of Object.values(resources)) {
      const actor = createActor(machine).start();
      actor.send({ type: 'resource.load' });
      await settle();
      actor.stop();
    }
    const sources = (reportError.mock.calls as unknown as [{ source: string; status: number }][]).map(
      ([report]) => [report.source, report.status],
    );
    expect(sources.sort()).toEqual(
      [
        'announcements',
        'brands',
        'campaigns',
        'categories',
        'configuration',
        'currency',
        'featured',
        'languages',
        'newest',
        'orders',
        'units',
      ].map((source) => [source, 500]),
    );
  });

  it('the orders list failure is logged with its call and status as well as reported', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reportError = vi.fn(async () => undefined);
    const orders = () => Promise.reject(httpError(502, 'GET netb2b/orders/'));
    const actor = createActor(bindOrdersResource(testPorts({ orders, reportError }))).start();
    actor.send({ type: 'resource.load' });
    await settle();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError.mock.calls[0]!.join(' ')).toMatch(/GET netb2b\/orders\/.*502/);
    expect(reportError).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});

describe('the cart', () => {
  it("a failed cart load is reported under 'cart' with its status, once per failure", async () => {
    const reportError = vi.fn(async () => undefined);
    const cartItems = () => Promise.reject(httpError(500, 'GET netb2b/cart-items/'));
    const actor = createActor(bindCart(testPorts({ cartItems, reportError })), { systemId: 'cart' }).start();
    actor.send({ type: 'cart.load' });
    await settle();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'cart', status: 500, call: 'GET netb2b/cart-items/' }),
    );
    actor.stop();
  });
});
