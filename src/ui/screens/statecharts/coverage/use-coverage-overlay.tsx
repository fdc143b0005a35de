import { ScanLine } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartDecorations } from '../../../../studio/chart-decorations';
import { chartModel } from '../../../../studio/chart-model';
import { coverageDecorations, coverageSummary } from '../../../../studio/coverage';
import { catalogEntry, type MachineName, machineCatalog } from '../../../../studio/machine-catalog';
import { CoverageLegend } from './coverage-legend';
import { useCustomerCounts } from './use-customer-counts';
import { useStaticCoverage } from './use-static-coverage';

interface CoverageOverlay {
  /** the diagram toolbar's button that turns the overlay on and off */
  toggle: ReactNode;
  /** shown under the diagram while the overlay is on */
  legend: ReactNode;
  /** marks on the chart's edges while the overlay is on */
  decorations: ChartDecorations | undefined;
}

const toolButton =
  'tap-target inline-flex items-center justify-center gap-1 rounded-md border border-line bg-surface-raised px-2 text-sm font-medium text-fg hover:bg-surface-sunken aria-pressed:border-brand aria-pressed:bg-brand/10';

/**
 * The coverage overlay of one machine's diagram: which transitions the model-based tests and the
 * browser journeys take (an untested one stands out) and, where the supplier counts them, how often
 * customers took each in the last 30 days, the failure transitions they entered most drawn hot.
 */
export function useCoverageOverlay(name: MachineName): CoverageOverlay {
  const { t } = useTranslation('studio');
  const [on, setOn] = useState(false);
  // every MachineName is in the catalog (its type is the catalog's texts)
  const machine = (catalogEntry(name) ?? machineCatalog[0])!.machine;
  const graph = useMemo(() => chartModel(machine), [machine]);
  const known = useStaticCoverage(name, machine, on);
  const customers = useCustomerCounts(machine.id, on);
  const usage = customers.status === 'loaded' ? customers.totals : undefined;

  const decorations = useMemo(() => {
    if (!on || known.loading) return undefined;
    return coverageDecorations(
      { graph, model: known.model, journeys: known.journeys, usage },
      {
        customers: (count) => t('coverage.noteCustomers', { count }),
        journeys: (count) =>
          count === 0 ? t('coverage.noteNoJourney') : t('coverage.noteJourneys', { count }),
      },
    );
  }, [on, known, graph, usage, t]);

  const summary = known.loading
    ? null
    : coverageSummary({ graph, model: known.model, journeys: known.journeys, usage });

  return {
    toggle: (
      <button type="button" className={toolButton} aria-pressed={on} onClick={() => setOn((was) => !was)}>
        <ScanLine aria-hidden="true" className="size-4" />
        {t('coverage.toggle')}
      </button>
    ),
    legend: on ? (
      <CoverageLegend
        summary={summary}
        journeysRun={known.journeysRun}
        customers={customers}
        showsHot={usage !== undefined}
      />
    ) : null,
    decorations,
  };
}
