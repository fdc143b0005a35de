import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TraceReport, TraceRow } from '../../../src/studio/traceability';
import { TraceabilityScreen } from '../../../src/ui/screens/statecharts/traceability/traceability-screen';

const row = (overrides: Partial<TraceRow> & Pick<TraceRow, 'id'>): TraceRow => ({
  point: '4',
  section: 'Cart drawer',
  elements: [],
  tests: [],
  noElement: false,
  noTest: false,
  ...overrides,
});

const report: TraceReport = {
  journeys: false,
  rows: [
    row({
      id: '5.cart.total',
      point: '5',
      section: 'Validation rules',
      elsewhere: { by: 'client', where: 'src/domain/cart-totals.ts' },
      noElement: true,
      noTest: true,
    }),
    row({
      id: '4.drawer.submit-ignored',
      elements: [
        {
          machine: 'checkout',
          kind: 'state',
          ref: 'checkout.submitting',
          found: true,
          modelCovered: false,
        },
      ],
      noTest: true,
    }),
    row({
      id: '4.drawer.confirmation',
      elements: [
        {
          machine: 'checkout',
          kind: 'transition',
          ref: 'checkout.confirming --checkout.confirmed--> checkout.submitting',
          found: true,
          modelCovered: true,
        },
      ],
      tests: [
        {
          kind: 'model',
          machine: 'checkout',
          file: 'tests/machines/checkout/checkout.model.test.ts',
          covered: 1,
          of: 1,
        },
        { kind: 'tagged', file: 'tests/e2e/cart.spec.ts', title: 'a customer fills the cart' },
      ],
    }),
  ],
};

const ruleRows = () =>
  screen.getAllByRole('row').filter((tr) => within(tr).queryAllByRole('rowheader').length > 0);

describe('the traceability page', () => {
  it('lists each rule with its place in the spec, its elements linked to their diagrams and its tests', async () => {
    render(<TraceabilityScreen load={() => Promise.resolve(report)} />);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(
      screen.getByText('Rules: 3 · without a machine element: 1 · without a test: 2'),
    ).toBeInTheDocument();
    expect(ruleRows()).toHaveLength(3);

    const confirmation = screen.getByRole('row', { name: /A confirmation comes before the order/ });
    expect(within(confirmation).getByText('Spec §4 Cart drawer')).toBeInTheDocument();
    expect(within(confirmation).getByRole('link', { name: 'checkout' })).toHaveAttribute(
      'href',
      '/statecharts/checkout/',
    );
    expect(
      within(confirmation).getByText('checkout.confirming --checkout.confirmed--> checkout.submitting'),
    ).toBeInTheDocument();
    expect(within(confirmation).getByText('Model-based test (1 of 1)', { exact: false })).toBeInTheDocument();
    expect(within(confirmation).getByText('a customer fills the cart')).toBeInTheDocument();

    const total = screen.getByRole('row', { name: /The cart total includes tax/ });
    expect(within(total).getByText('No machine element')).toBeInTheDocument();
    expect(within(total).getByText('src/domain/cart-totals.ts')).toBeInTheDocument();
    expect(screen.getByText('Browser journey coverage has not been recorded yet.')).toBeInTheDocument();
  });

  it('keeps only the rules without tests when the filter is on, from the keyboard too', async () => {
    const user = userEvent.setup();
    render(<TraceabilityScreen load={() => Promise.resolve(report)} />);
    const filter = await screen.findByRole('checkbox', { name: 'Only rules without tests' });
    filter.focus();
    await user.keyboard(' ');
    expect(filter).toBeChecked();
    expect(ruleRows().map((tr) => within(tr).getByRole('rowheader').textContent)).toEqual([
      expect.stringContaining('5.cart.total'),
      expect.stringContaining('4.drawer.submit-ignored'),
    ]);
    expect(screen.getByText('Showing 2 of 3')).toBeInTheDocument();
    await user.click(filter);
    expect(ruleRows()).toHaveLength(3);
  });

  it('says so when every rule has a test and the filter is on', async () => {
    const tested: TraceReport = { journeys: true, rows: report.rows.filter((r) => !r.noTest) };
    render(<TraceabilityScreen load={() => Promise.resolve(tested)} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Only rules without tests' }));
    expect(screen.getByText('Every rule has a test.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers another try when the table cannot be loaded, and says how to write it when there is none', async () => {
    const load = vi.fn<() => Promise<TraceReport | null>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValueOnce(null);
    render(<TraceabilityScreen load={load} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The table could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('The table has not been written yet: run npm run flows:trace.'),
    ).toBeInTheDocument();
  });
});
