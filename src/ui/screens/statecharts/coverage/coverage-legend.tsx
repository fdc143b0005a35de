import { useTranslation } from 'react-i18next';
import type { MarkTone } from '../../../../studio/chart-decorations';
import type { CoverageSummary } from '../../../../studio/coverage';
import { LoadingState } from '../../../components/loading-state';
import { RetryButton } from '../../../components/retry-button';
import { markColour } from '../diagram/chart-svg';
import type { CustomerCounts } from './use-customer-counts';

interface CoverageLegendProps {
  /** null while the path report and the journeys load */
  summary: CoverageSummary | null;
  /** a journey run was collected: a machine without journey figures was not seen in it */
  journeysRun: boolean;
  customers: CustomerCounts;
  /** with customers' counts, the failure transitions they entered most are drawn hot */
  showsHot: boolean;
}

type CoverageTone = Extract<MarkTone, 'covered' | 'untested' | 'hot'>;

function Swatch({ tone }: { tone: CoverageTone }) {
  // the line as the diagram draws it: untested ones dashed, so the colour is not the only sign
  return (
    <svg aria-hidden="true" width="28" height="8" className="shrink-0">
      <line
        x1="1"
        x2="27"
        y1="4"
        y2="4"
        stroke={markColour[tone]}
        strokeWidth="3"
        {...(tone === 'untested' ? { strokeDasharray: '5 3' } : {})}
      />
    </svg>
  );
}

/** What the overlay's colours mean, and the figures behind them. */
export function CoverageLegend({ summary, journeysRun, customers, showsHot }: CoverageLegendProps) {
  const { t } = useTranslation('studio');
  const tones: CoverageTone[] = showsHot ? ['covered', 'untested', 'hot'] : ['covered', 'untested'];
  return (
    <section
      aria-label={t('coverage.title')}
      data-testid="coverage-legend"
      className="mt-2 flex flex-col gap-2 rounded-md border border-line bg-surface-raised px-3 py-2 text-sm"
    >
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {tones.map((tone) => (
          <li key={tone} className="flex items-center gap-2">
            <Swatch tone={tone} />
            <span>{t(`coverage.${tone}`)}</span>
          </li>
        ))}
        {showsHot ? <li className="text-fg-muted">{t('coverage.bareEdge')}</li> : null}
      </ul>
      {summary ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-fg-muted">
          <li>
            {summary.model === null
              ? t('coverage.noModel')
              : t('coverage.modelTests', { covered: summary.model, total: summary.total })}
          </li>
          <li>
            {summary.journeys === null
              ? t(journeysRun ? 'coverage.notSeen' : 'coverage.noJourneys')
              : t('coverage.journeys', { covered: summary.journeys, total: summary.total })}
          </li>
          <li>
            <CustomersFigure customers={customers} total={summary.customers} />
          </li>
        </ul>
      ) : (
        <LoadingState label={t('coverage.loading')} />
      )}
    </section>
  );
}

function CustomersFigure({ customers, total }: { customers: CustomerCounts; total: number | null }) {
  const { t } = useTranslation('studio');
  if (customers.status === 'off') return <>{t('coverage.customersOff')}</>;
  if (customers.status === 'loading') return <span role="status">{t('coverage.customersLoading')}</span>;
  if (customers.status === 'failed')
    return (
      <span role="alert" className="inline-flex flex-wrap items-center gap-2 text-danger">
        {t('coverage.customersFailed')}
        <RetryButton label={t('coverage.retry')} onClick={customers.retry} />
      </span>
    );
  return <>{t('coverage.customers', { count: total ?? 0 })}</>;
}
