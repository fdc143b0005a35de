import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyStateMachine, createActor, fromPromise } from 'xstate';
import { bindAppMachine } from '../../../src/machines/app/app.actor';
import { bindCartArea } from '../../../src/machines/app/cart-area';
import { bindCampaignDetail } from '../../../src/machines/catalogue/catalogue-campaign.machine';
import { bindProductCsvExport } from '../../../src/machines/catalogue/product-csv-export.machine';
import {
  bindProductList,
  type LoadedPage,
  type LoadPageInput,
  productListMachine,
} from '../../../src/machines/catalogue/product-list.machine';
import { bindSearch } from '../../../src/machines/catalogue/search.machine';
import {
  provideReporting,
  sendErrorReport,
  toErrorReport,
} from '../../../src/machines/kernel/error-reporting';
import { notificationsMachine } from '../../../src/machines/notifications/notifications.machine';
import { sessionMachine } from '../../../src/machines/session/session.machine';
import { ApiError } from '../../../src/services/api';
import { settle } from '../../../src/test/controllableActor';
import { testPorts } from '../../../src/test/ports';
import { requested } from '../catalogue/product-csv-export.fixtures';

const serverError = () =>
  new ApiError(
    { kind: 'http', call: 'GET netb2b/products/', status: 500 },
    'GET netb2b/products/ failed with HTTP 500',
  );
const failingList = () => ({ productPage: vi.fn(() => Promise.reject(new Error('boom'))) });
/** The list's page call failing, without the binder. */
const failingListMachine = () =>
  productListMachine.provide({
    actors: { loadPage: fromPromise<LoadedPage, LoadPageInput>(() => Promise.reject(new Error('boom'))) },
  });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('error reporting (spec point 8): one reporter bound by provideReporting in each binder', () => {
  it('a failing search calls the bound reporter with the source and the error', async () => {
    vi.useFakeTimers();
    const reportError = vi.fn(async () => {});
    const ports = testPorts({ searchProducts: vi.fn(() => Promise.reject(serverError())), reportError });
    const actor = createActor(bindSearch(ports)).start();
    actor.send({ type: 'search.typed', query: 'kase' });
    await vi.advanceTimersByTimeAsync(250);
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith({
      source: 'search',
      message: 'GET netb2b/products/ failed with HTTP 500',
      status: 500,
      call: 'GET netb2b/products/',
    });
    actor.stop();
  });

  it('a failing product list calls the bound reporter with its source and the error', async () => {
    const reportError = vi.fn(async () => {});
    const actor = createActor(bindProductList(testPorts({ ...failingList(), reportError })), {
      input: { filters: {} },
    }).start();
    await settle();
    expect(reportError).toHaveBeenCalledWith({ source: 'productList', message: 'boom', status: null });
    actor.stop();
  });

  it('a failing campaign detail and a refused CSV file are reported with their sources', async () => {
    const reportError = vi.fn(async () => {});
    const campaign = vi.fn(() => Promise.reject(new Error('campaign down')));
    const detail = createActor(bindCampaignDetail(testPorts({ campaign, reportError })), {
      input: { campaignId: 2 },
    }).start();
    await settle();
    expect(reportError).toHaveBeenCalledWith({
      source: 'campaignDetail',
      message: 'campaign down',
      status: null,
    });
    detail.stop();

    // the browser's download stands in for the test's (the bound one needs a DOM)
    const exporter = createActor(
      bindProductCsvExport(testPorts({ reportError })).provide({
        actors: { saveFile: fromPromise(() => Promise.reject(new Error('disk full'))) },
      }),
    ).start();
    exporter.send(requested);
    exporter.send({ type: 'csvExport.listCompleted', products: [] });
    await settle();
    await settle();
    expect(exporter.getSnapshot().value).toBe('failed');
    expect(reportError).toHaveBeenLastCalledWith({
      source: 'productCsvExport',
      message: 'disk full',
      status: null,
    });
    exporter.stop();
  });

  it('unbound, reportError is a no-op: no report and nothing on the console', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const actor = createActor(failingListMachine(), { input: { filters: {} } }).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().status).toBe('active');
    expect(consoleError).not.toHaveBeenCalled();
    actor.stop();
  });

  it('a reporter that throws or rejects never fails the machine', async () => {
    const throwing = vi.fn(() => {
      throw new Error('reporter down');
    });
    const actor = createActor(bindProductList(testPorts({ ...failingList(), reportError: throwing })), {
      input: { filters: {} },
    }).start();
    await settle();
    expect(throwing).toHaveBeenCalled();
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();

    const rejecting = vi.fn(() => Promise.reject(new Error('offline')));
    expect(() => sendErrorReport({ reportError: rejecting }, 'search', new Error('x'))).not.toThrow();
    await settle();
    expect(() => sendErrorReport(undefined, 'search', new Error('x'))).not.toThrow();
    expect(() => sendErrorReport({}, 'search', new Error('x'))).not.toThrow();
  });

  it('provideReporting reports under the machine id through the API it is given', async () => {
    const reportError = vi.fn(async () => {});
    const actor = createActor(provideReporting(failingListMachine(), { reportError }), {
      input: { filters: {} },
    }).start();
    await settle();
    expect(reportError).toHaveBeenCalledWith({ source: 'productList', message: 'boom', status: null });
    actor.stop();
  });

  it('a thrown non-error is reported by its text', () => {
    expect(toErrorReport('session', 'plain text')).toEqual({
      source: 'session',
      message: 'plain text',
      status: null,
    });
  });

  it('the composition root binds the reporter of the session and, with the ordering part, the notifications', () => {
    const children = {
      ...(bindAppMachine(testPorts()).implementations.actors as Record<string, AnyStateMachine>),
      ...(bindCartArea(testPorts()) as unknown as Record<string, AnyStateMachine>),
    };
    for (const [id, plain] of [
      ['session', sessionMachine],
      ['notifications', notificationsMachine],
    ] as const) {
      const bound = children[id]!;
      expect(bound.id).toBe(plain.id);
      expect(bound.implementations.actions.reportError).not.toBe(plain.implementations.actions.reportError);
    }
  });
});
