/**
 * The cart drawer with 300 lines, rendered by the real portal (app machine, cart, line actors, checkout)
 * over the fake API the ui tests use. Each line and the summary is wrapped in a React <Profiler> (by
 * replacing their modules with a profiled wrapper that keeps the original's memo), and one <Profiler>
 * covers the whole app. For a few quantity changes (typed, the 250 ms debounce, the server's answer)
 * it prints how many lines rendered, the commits, the total and longest actualDuration and how often
 * the summary rendered. Run by scripts/bench-render.ts; asserts nothing.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { CartItem } from '../src/domain/types';
import { boxedProduct } from '../src/test/builders';
import { fakeApi } from '../tests/ui/cart/support/fakeApi';
import { renderPortal } from '../tests/ui/cart/support/renderPortal';
import { samples } from './profiled';

const LINES = Number(process.env.BENCH_CART_LINES ?? 300);
const CHANGES = Number(process.env.BENCH_CART_CHANGES ?? 5);

function cartOf(count: number): CartItem[] {
  return Array.from({ length: count }, (_, index) => ({
    id: 1000 + index,
    product: { ...boxedProduct, id: 10_000 + index, name: `Product ${String(index + 1).padStart(3, '0')}` },
    quantity: String((index % 9) + 1),
    unit: 1,
  }));
}

const round = (value: number) => value.toFixed(1);

it(`cart of ${LINES} lines: one quantity change`, async () => {
  const api = fakeApi({ cart: cartOf(LINES) });
  const user = userEvent.setup();
  const started = performance.now();
  renderPortal({ api });
  await user.click(await screen.findByRole('button', { name: /^cart/i }, { timeout: 20_000 }));
  const drawer = within(await screen.findByRole('dialog', { name: 'Cart' }, { timeout: 20_000 }));
  await waitFor(() => expect(drawer.getAllByRole('listitem').length).toBeGreaterThanOrEqual(LINES), {
    timeout: 60_000,
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const firstRender = samples.filter((sample) => sample.id.startsWith('line:')).length;
  console.log(
    `\nCart drawer with ${LINES} lines (jsdom, React development build): open + first render ${round(performance.now() - started)} ms wall, ${firstRender} line renders so far`,
  );

  const rows: string[] = [];
  for (let change = 0; change < CHANGES; change++) {
    const index = Math.floor(((change + 0.5) * LINES) / CHANGES);
    const name = `Product ${String(index + 1).padStart(3, '0')}`;
    const line = within(drawer.getByRole('listitem', { name }));
    const input = line.getByRole('textbox');
    const calls = api.updateCartItem.mock.calls.length;
    samples.length = 0;
    const wall = performance.now();
    fireEvent.change(input, { target: { value: String(20 + change) } });
    await waitFor(() => expect(api.updateCartItem.mock.calls.length).toBe(calls + 1), { timeout: 10_000 });
    await waitFor(() => expect(line.queryByText('Saving…')).toBeNull(), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lineRenders = samples.filter((sample) => sample.id.startsWith('line:'));
    const linesRendered = new Set(lineRenders.map((sample) => sample.id)).size;
    const summaryRenders = samples.filter((sample) => sample.id === 'summary');
    const app = samples.filter((sample) => sample.id === 'app');
    const total = app.reduce((sum, sample) => sum + sample.actualDuration, 0);
    const longest = Math.max(0, ...app.map((sample) => sample.actualDuration));
    const linesTotal = lineRenders.reduce((sum, sample) => sum + sample.actualDuration, 0);
    rows.push(
      `| ${change + 1} | ${name} | ${linesRendered} | ${lineRenders.length} | ${app.length} | ${round(total)} | ${round(longest)} | ${round(linesTotal)} | ${summaryRenders.length} | ${round(performance.now() - wall)} |`,
    );
  }
  console.log(
    [
      '',
      '| change | line | lines rendered | line renders | commits | total actualDuration ms | longest commit ms | lines ms | summary renders | wall ms |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows,
      '',
    ].join('\n'),
  );
});
