import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Product } from '../../../src/domain/types';
import { bindSearch } from '../../../src/machines/catalogue/search.machine';
import {
  selectSearchErrorKey,
  selectSearchPanel,
  selectSearchResults,
} from '../../../src/machines/catalogue/search.selectors';
import { aProduct } from '../../../src/test/builders';
import { testPorts } from '../../../src/test/ports';

const kase = aProduct({ id: 7, name: 'Käse Gouda' });
const cay = aProduct({ id: 8, name: 'Çay' });

/** The real machine over an API whose search answers when the test says so. */
function startSearch() {
  const pending: Array<{
    query: string;
    signal: AbortSignal | undefined;
    resolve: (products: Product[]) => void;
    reject: (error: unknown) => void;
  }> = [];
  const searchProducts = vi.fn(
    (query: string, options?: { signal?: AbortSignal | undefined }) =>
      new Promise<Product[]>((resolve, reject) => {
        pending.push({ query, signal: options?.signal, resolve, reject });
      }),
  );
  const reportError = vi.fn(async () => {});
  const actor = createActor(bindSearch(testPorts({ searchProducts, reportError }))).start();
  const panel = () => selectSearchPanel(actor.getSnapshot());
  return { actor, searchProducts, reportError, pending, panel };
}

let search: ReturnType<typeof startSearch>;
beforeEach(() => {
  vi.useFakeTimers();
  search = startSearch();
});
afterEach(() => {
  search.actor.stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const type = (query: string) => search.actor.send({ type: 'search.typed', query });

describe('search box', () => {
  it('focus opens the panel with the empty-query message and makes no call', () => {
    expect(search.panel()).toBe('closed');
    search.actor.send({ type: 'search.focused' });
    expect(search.panel()).toBe('empty');
    expect(search.searchProducts).not.toHaveBeenCalled();
  });

  it('six quick keystrokes make one search call, for the whole word, 250 ms after the last', async () => {
    search.actor.send({ type: 'search.focused' });
    for (const query of ['k', 'ka', 'kas', 'kase', 'kase ', 'kase g']) {
      type(query);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(search.searchProducts).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(149);
    expect(search.searchProducts).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(search.searchProducts).toHaveBeenCalledOnce();
    expect(search.searchProducts.mock.calls[0]![0]).toBe('kase g');
    expect(search.panel()).toBe('loading');
  });

  it('an empty query clears the results without a call', async () => {
    search.actor.send({ type: 'search.focused' });
    type('kase');
    await vi.advanceTimersByTimeAsync(250);
    search.pending[0]!.resolve([kase]);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSearchResults(search.actor.getSnapshot())).toEqual([kase]);

    type('   ');
    await vi.advanceTimersByTimeAsync(1000);
    expect(search.searchProducts).toHaveBeenCalledOnce();
    expect(search.panel()).toBe('empty');
    expect(selectSearchResults(search.actor.getSnapshot())).toEqual([]);
  });

  it('a newer query wins: the older call is cancelled and its late answer ignored', async () => {
    search.actor.send({ type: 'search.focused' });
    type('ka');
    await vi.advanceTimersByTimeAsync(250);
    const older = search.pending[0]!;
    type('cay');
    expect(older.signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(250);
    const newer = search.pending[1]!;
    expect(newer.query).toBe('cay');
    newer.resolve([cay]);
    older.resolve([kase]);
    await vi.advanceTimersByTimeAsync(0);
    expect(search.panel()).toBe('results');
    expect(selectSearchResults(search.actor.getSnapshot())).toEqual([cay]);
  });

  it('no results shows "Result not found..."; surrounding spaces are not sent', async () => {
    type('  zzz  ');
    await vi.advanceTimersByTimeAsync(250);
    expect(search.pending[0]!.query).toBe('zzz');
    search.pending[0]!.resolve([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(search.panel()).toBe('notFound');
  });

  it('a failure shows errors.unknown, is reported, and retry searches again', async () => {
    type('kase');
    await vi.advanceTimersByTimeAsync(250);
    search.pending[0]!.reject(new Error('HTTP 500'));
    await vi.advanceTimersByTimeAsync(0);
    expect(search.panel()).toBe('failed');
    expect(selectSearchErrorKey(search.actor.getSnapshot())).toBe('errors.unknown');
    expect(search.reportError).toHaveBeenCalledWith({ source: 'search', message: 'HTTP 500', status: null });

    search.actor.send({ type: 'search.retried' });
    expect(search.searchProducts).toHaveBeenCalledTimes(2);
    search.pending[1]!.resolve([kase]);
    await vi.advanceTimersByTimeAsync(0);
    expect(search.panel()).toBe('results');
    expect(selectSearchErrorKey(search.actor.getSnapshot())).toBeNull();
  });

  it('blur or a press in the page closes the panel; focus again searches the kept query', async () => {
    type('kase');
    await vi.advanceTimersByTimeAsync(250);
    search.pending[0]!.resolve([kase]);
    await vi.advanceTimersByTimeAsync(0);
    search.actor.send({ type: 'search.closed' });
    expect(search.panel()).toBe('closed');

    search.actor.send({ type: 'search.focused' });
    expect(search.panel()).toBe('loading');
    expect(search.pending[1]!.query).toBe('kase');
    // the previous results stay on screen while the fresh answer comes
    expect(selectSearchResults(search.actor.getSnapshot())).toEqual([kase]);
  });

  it('closing while a search runs cancels it', async () => {
    type('kase');
    await vi.advanceTimersByTimeAsync(250);
    search.actor.send({ type: 'search.closed' });
    expect(search.pending[0]!.signal?.aborted).toBe(true);
  });

  it('Enter (submitted) closes the panel, cancels a running quick search and keeps the query; a blank box stays open', async () => {
    search.actor.send({ type: 'search.focused' });
    search.actor.send({ type: 'search.submitted' });
    expect(search.panel()).toBe('empty');
    type('kase');
    await vi.advanceTimersByTimeAsync(250);
    search.actor.send({ type: 'search.submitted' });
    expect(search.panel()).toBe('closed');
    expect(search.pending[0]!.signal?.aborted).toBe(true);
    expect(search.actor.getSnapshot().context.query).toBe('kase');
  });
});
