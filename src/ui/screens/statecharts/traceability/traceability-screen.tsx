import { Check } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { RuleId, SpecPointRef } from '../../../../studio/spec-rules';
import { specPoints } from '../../../../studio/spec-rules';
import type { TracedElement, TraceReport, TraceRow, TraceTest } from '../../../../studio/traceability';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageTitle } from '../../../components/page-title';
import { studioPaths } from '../studio-paths';
import { useSpecRefText } from './spec-ref-text';
import { loadTraceReport, useTraceReport } from './use-trace-report';

// Below md the table's rows become cards: each cell a block with its column's name above it.
const cellClass = 'align-top px-2 py-2 max-md:block max-md:px-0 max-md:py-1';
const columnLabelClass = 'block text-xs font-semibold text-fg-muted md:hidden';
const badgeClass = 'inline-block rounded-full bg-danger-soft px-2 py-0.5 text-xs font-medium text-danger';
const codeClass = 'font-mono text-xs [overflow-wrap:anywhere]';

const knownSection = (point: string, section: string): SpecPointRef | undefined =>
  point in specPoints && section in specPoints[point as keyof typeof specPoints]
    ? ({ point, section } as SpecPointRef)
    : undefined;

function ElementItem({ element }: { element: TracedElement }) {
  const { t } = useTranslation('studio');
  return (
    <li className="flex flex-wrap items-baseline gap-x-1">
      <Link href={studioPaths.machine(element.machine)} className="font-medium text-brand hover:underline">
        {element.machine}
      </Link>
      <span className="text-xs text-fg-muted">{t(`trace.kind.${element.kind}`)}</span>
      <code dir="ltr" className={codeClass}>
        {element.ref}
      </code>
      {element.modelCovered ? (
        <span title={t('trace.modelCovered')} className="text-brand">
          <Check aria-hidden="true" className="inline size-3.5" />
          <span className="sr-only">{t('trace.modelCovered')}</span>
        </span>
      ) : null}
      {element.found ? null : <span className="text-xs text-danger">({t('trace.notInChart')})</span>}
    </li>
  );
}

function TestItem({ test }: { test: TraceTest }) {
  const { t } = useTranslation('studio');
  if (test.kind === 'model')
    return (
      <li>
        {t('trace.test.model', { covered: test.covered, of: test.of })}
        {test.file ? (
          <>
            {' '}
            <code dir="ltr" className={codeClass}>
              {test.file}
            </code>
          </>
        ) : null}
      </li>
    );
  if (test.kind === 'journeys')
    return <li>{t('trace.test.journeys', { machine: test.machine, covered: test.covered, of: test.of })}</li>;
  return (
    <li>
      {t('trace.test.tagged')}:{' '}
      <code dir="ltr" className={codeClass}>
        {test.file}
      </code>{' '}
      <q>{test.title}</q>
    </li>
  );
}

function RuleRow({ row }: { row: TraceRow }) {
  const { t } = useTranslation('studio');
  const specText = useSpecRefText();
  const section = knownSection(row.point, row.section);
  return (
    <tr className="border-b border-line max-md:mb-3 max-md:block max-md:rounded-lg max-md:border max-md:bg-surface-raised max-md:p-3">
      <th scope="row" className={`${cellClass} text-start font-normal`}>
        <span className="block font-medium">{t(`rules.${row.id as RuleId}`)}</span>
        <code dir="ltr" className={`${codeClass} text-fg-muted`}>
          {row.id}
        </code>
        {row.noElement || row.noTest ? (
          <span className="mt-1 flex flex-wrap gap-1">
            {row.noElement ? <span className={badgeClass}>{t('trace.noElement')}</span> : null}
            {row.noTest ? <span className={badgeClass}>{t('trace.noTest')}</span> : null}
          </span>
        ) : null}
      </th>
      <td className={cellClass}>
        <span className={columnLabelClass} aria-hidden="true">
          {t('trace.columns.spec')}
        </span>
        {section ? specText(section) : `§${row.point} ${row.section}`}
      </td>
      <td className={cellClass}>
        <span className={columnLabelClass} aria-hidden="true">
          {t('trace.columns.elements')}
        </span>
        {row.elements.length > 0 ? (
          <ul className="flex flex-col gap-1">
            {row.elements.map((element) => (
              <ElementItem key={`${element.machine} ${element.kind} ${element.ref}`} element={element} />
            ))}
          </ul>
        ) : null}
        {row.elsewhere ? (
          <p className="text-fg-muted">
            {t(`trace.elsewhere.${row.elsewhere.by}`)}:{' '}
            <code dir="ltr" className={codeClass}>
              {row.elsewhere.where}
            </code>
          </p>
        ) : null}
      </td>
      <td className={cellClass}>
        <span className={columnLabelClass} aria-hidden="true">
          {t('trace.columns.tests')}
        </span>
        {row.tests.length > 0 ? (
          <ul className="flex flex-col gap-1">
            {row.tests.map((test) => (
              <TestItem
                key={`${test.kind} ${'file' in test ? test.file : ''} ${'title' in test ? test.title : test.machine}`}
                test={test}
              />
            ))}
          </ul>
        ) : (
          <span className="text-fg-muted">—</span>
        )}
      </td>
    </tr>
  );
}

function TraceTable({ report }: { report: TraceReport }) {
  const { t } = useTranslation('studio');
  const [onlyWithoutTests, setOnlyWithoutTests] = useState(false);
  const filterId = useId();
  const { rows } = report;
  const shown = onlyWithoutTests ? rows.filter((row) => row.noTest) : rows;
  return (
    <>
      <p className="text-sm">
        {t('trace.summary', {
          rules: rows.length,
          noElement: rows.filter((row) => row.noElement).length,
          noTest: rows.filter((row) => row.noTest).length,
        })}
      </p>
      {report.journeys ? null : <p className="text-sm text-fg-muted">{t('trace.journeysMissing')}</p>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={filterId} className="tap-target inline-flex items-center gap-2 text-sm font-medium">
          <input
            id={filterId}
            type="checkbox"
            checked={onlyWithoutTests}
            onChange={(event) => setOnlyWithoutTests(event.target.checked)}
            className="size-4 accent-brand"
          />
          {t('trace.onlyWithoutTests')}
        </label>
        <p className="text-sm text-fg-muted" aria-live="polite">
          {t('trace.shown', { shown: shown.length, total: rows.length })}
        </p>
      </div>
      {shown.length === 0 ? (
        <EmptyState>{t('trace.allTested')}</EmptyState>
      ) : (
        <table className="w-full border-collapse text-sm max-md:block">
          <caption className="sr-only">{t('trace.heading')}</caption>
          <thead className="max-md:sr-only">
            <tr className="border-b border-line text-start text-xs text-fg-muted">
              <th scope="col" className="px-2 py-2 text-start font-semibold">
                {t('trace.columns.rule')}
              </th>
              <th scope="col" className="px-2 py-2 text-start font-semibold">
                {t('trace.columns.spec')}
              </th>
              <th scope="col" className="px-2 py-2 text-start font-semibold">
                {t('trace.columns.elements')}
              </th>
              <th scope="col" className="px-2 py-2 text-start font-semibold">
                {t('trace.columns.tests')}
              </th>
            </tr>
          </thead>
          <tbody className="max-md:block">
            {shown.map((row) => (
              <RuleRow key={row.id} row={row} />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/**
 * /statecharts/traceability/: each rule of the specification's points 4, 5 and 8, the machine
 * elements that hold it (links to their diagrams) and the tests that cover them; a filter keeps
 * only the rules no test covers.
 */
export function TraceabilityScreen({ load = loadTraceReport }: { load?: () => Promise<TraceReport | null> }) {
  const { t } = useTranslation('studio');
  const { state, retry } = useTraceReport(load);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="traceability-heading">
      <div>
        <PageTitle>
          <span id="traceability-heading">{t('trace.heading')}</span>
        </PageTitle>
        <p className="-mt-2 text-fg-muted">{t('trace.intro')}</p>
      </div>
      {state.status === 'loading' ? <LoadingState label={t('trace.loading')} /> : null}
      {state.status === 'none' ? <EmptyState>{t('trace.missing')}</EmptyState> : null}
      {state.status === 'failed' ? <ErrorState message={t('trace.failed')} onRetry={retry} /> : null}
      {state.status === 'loaded' ? <TraceTable report={state.report} /> : null}
    </section>
  );
}
