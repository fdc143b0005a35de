import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addTexts, initI18n } from '../../../src/ui/app/i18n';

// Spec point 9: "The translation loader retries up to 5 times with a 350 ms delay and at most 10
// parallel reads." A chunk that fails once more than that gives up, and i18next is told.

afterEach(() => vi.useRealTimers());

/** A started instance (English) whose namespace `name` is read through the portal's loader `load`. */
async function startWith(namespaces: Record<string, (language: string) => Promise<Record<string, unknown>>>) {
  const i18n = i18next.createInstance();
  for (const [name, load] of Object.entries(namespaces)) await addTexts(name, load, i18n);
  return initI18n(i18n);
}

/** Lets every retry's timer run out: 5 waits of 350 ms. */
const runRetries = () => vi.advanceTimersByTimeAsync(350 * 5);

describe('locale chunks (spec point 9)', () => {
  it('a chunk that fails 4 times is read a 5th time and its texts load', async () => {
    let attempts = 0;
    const flaky = async () => {
      attempts += 1;
      if (attempts < 5) throw new Error('chunk not reachable');
      return { greeting: 'Hello' };
    };
    const i18n = await startWith({ extra: flaky });
    vi.useFakeTimers();
    const loading = i18n.loadNamespaces('extra');
    await runRetries();
    await loading;
    expect(attempts).toBe(5);
    expect(i18n.getResource('en', 'extra', 'greeting')).toBe('Hello');
  });

  it('a chunk that always fails is read once and retried 5 times 350 ms apart, then i18next is told', async () => {
    let attempts = 0;
    const broken = async () => {
      attempts += 1;
      throw new Error('chunk not reachable');
    };
    const i18n = await startWith({ extra: broken });
    const failures: string[] = [];
    i18n.on('failedLoading', (language, namespace) => failures.push(`${language}|${namespace}`));
    vi.useFakeTimers();
    const loading = i18n.loadNamespaces('extra');
    await vi.advanceTimersByTimeAsync(349);
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toBe(2);
    await vi.advanceTimersByTimeAsync(350 * 4);
    expect(attempts).toBe(6);
    await loading;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toBe(6);
    expect(failures).toEqual(['en|extra']);
    expect(i18n.getResource('en', 'extra', 'greeting')).toBeUndefined();
  });

  it('texts a chunk adds to a language already shown are retried the same way', async () => {
    const i18n = await startWith({});
    let attempts = 0;
    const flaky = async () => {
      attempts += 1;
      if (attempts < 3) throw new Error('chunk not reachable');
      return { title: 'Orders' };
    };
    vi.useFakeTimers();
    const adding = addTexts('later', flaky, i18n);
    await runRetries();
    await adding;
    expect(attempts).toBe(3);
    expect(i18n.getResource('en', 'later', 'title')).toBe('Orders');
  });

  it('reads at most 10 chunks at once', async () => {
    let running = 0;
    let most = 0;
    const waiting: (() => void)[] = [];
    const slow = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => waiting.push(resolve));
      running -= 1;
      return { text: 'ok' };
    };
    const names = Array.from({ length: 15 }, (_, index) => `part${index}`);
    const i18n = await startWith(Object.fromEntries(names.map((name) => [name, slow])));
    const loading = i18n.loadNamespaces(names);
    await vi.waitFor(() => expect(waiting).toHaveLength(10));
    while (waiting.length > 0) {
      waiting.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await loading;
    expect(most).toBe(10);
    expect(names.map((name) => i18n.getResource('en', name, 'text'))).toEqual(names.map(() => 'ok'));
  });
});
