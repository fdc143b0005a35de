import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyStateMachine, createActor } from 'xstate';
import { appMachine } from '../../src/machines/app.machine';
import { provideReporting, sendErrorReport, toErrorReport } from '../../src/machines/error-reporting';
import { notificationsMachine } from '../../src/machines/notifications.machine';
import { productListMachine } from '../../src/machines/product-list.machine';
import { searchMachine } from '../../src/machines/search.machine';
import { sessionMachine } from '../../src/machines/session.machine';
import { ApiError, type PortalApi } from '../../src/services/api';
import { settle } from '../../src/test/controllableActor';

const serverError = () =>
  new ApiError(
    { kind: 'http', call: 'GET netb2b/products/', status: 500 },
    'GET netb2b/products/ failed with HTTP 500',
  );

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('error reporting (spec point 8): one reporter bound by provideReporting', () => {
  it('a failing search calls the provided reporter with the source and the error', async () => {
    vi.useFakeTimers();
    const reportError = vi.fn(async () => {});
    const api = {
      searchProducts: vi.fn(() => Promise.reject(serverError())),
      reportError,
    } as unknown as PortalApi;
    const actor = createActor(provideReporting(searchMachine), { input: { api } }).start();
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

  it('a failing product list calls the provided reporter with its source and the error', async () => {
    const reportError = vi.fn(async () => {});
    const api = {
      productPage: vi.fn(() => Promise.reject(new Error('boom'))),
      reportError,
    } as unknown as PortalApi;
    const actor = createActor(provideReporting(productListMachine), { input: { api, filters: {} } }).start();
    await settle();
    expect(reportError).toHaveBeenCalledWith({ source: 'productList', message: 'boom', status: null });
    actor.stop();
  });

  it('unbound, reportError is a no-op: no report and nothing on the console', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reportError = vi.fn(async () => {});
    const api = {
      productPage: vi.fn(() => Promise.reject(new Error('boom'))),
      reportError,
    } as unknown as PortalApi;
    const actor = createActor(productListMachine, { input: { api, filters: {} } }).start();
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(reportError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    actor.stop();
  });

  it('a reporter that throws or rejects never fails the machine', async () => {
    const throwing = vi.fn(() => {
      throw new Error('reporter down');
    });
    const api = {
      productPage: vi.fn(() => Promise.reject(new Error('boom'))),
      reportError: throwing,
    } as unknown as PortalApi;
    const actor = createActor(provideReporting(productListMachine), { input: { api, filters: {} } }).start();
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

  it('a thrown non-error is reported by its text', () => {
    expect(toErrorReport('session', 'plain text')).toEqual({
      source: 'session',
      message: 'plain text',
      status: null,
    });
  });

  it('the app machine, the composition root of session and notifications, binds the reporter once', () => {
    const children = appMachine.implementations.actors as Record<string, AnyStateMachine>;
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
