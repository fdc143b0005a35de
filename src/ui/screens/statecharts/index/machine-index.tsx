import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { chartCounts } from '../../../../studio/chart-counts';
import { machineCatalog } from '../../../../studio/machine-catalog';
import { EmptyState } from '../../../components/empty-state';
import { inputClass } from '../../../components/field-classes';
import { PageTitle } from '../../../components/page-title';
import { studioPaths } from '../studio-paths';
import { SpecRefText } from '../traceability/spec-ref-text';

const counted = machineCatalog.map((entry) => ({ ...entry, counts: chartCounts(entry.machine) }));

/** Every machine with its purpose, where the spec asks for it, its size, and the way in. */
export function MachineIndex() {
  const { t } = useTranslation('studio');
  const [query, setQuery] = useState('');
  const filterId = useId();
  const needle = query.trim().toLowerCase();
  const shown = counted.filter(
    ({ name }) => !needle || name.includes(needle) || t(`machines.${name}`).toLowerCase().includes(needle),
  );
  return (
    <section className="flex flex-col gap-4" aria-labelledby={`${filterId}-heading`}>
      <div>
        <PageTitle>
          <span id={`${filterId}-heading`}>{t('index.heading')}</span>
        </PageTitle>
        <p className="-mt-2 text-fg-muted">{t('index.intro')}</p>
      </div>
      <label className="flex max-w-sm flex-col gap-1 text-sm font-medium" htmlFor={filterId}>
        {t('index.filter')}
        <input
          id={filterId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className={inputClass}
        />
      </label>
      {shown.length === 0 ? (
        <EmptyState>{t('index.empty', { query: query.trim() })}</EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {shown.map(({ name, spec, counts }) => (
            <li
              key={name}
              className="flex flex-col gap-2 rounded-lg border border-line bg-surface-raised p-4"
              aria-labelledby={`machine-${name}`}
            >
              <h2 id={`machine-${name}`} className="font-mono text-base font-semibold">
                <Link href={studioPaths.machine(name)} className="hover:underline">
                  {name}
                </Link>
              </h2>
              <p className="text-sm">{t(`machines.${name}`)}</p>
              <dl className="mt-auto grid grid-cols-[auto_1fr] gap-x-2 text-xs text-fg-muted">
                <dt>{t('index.spec')}</dt>
                <dd>
                  <SpecRefText refs={spec} />
                </dd>
              </dl>
              <div className="flex items-center justify-between gap-2 text-xs text-fg-muted">
                <span>{t('index.counts', counts)}</span>
                <span className="flex gap-3 text-sm font-medium">
                  <Link href={studioPaths.machine(name)} className="text-brand hover:underline">
                    {t('index.open')}
                  </Link>
                  <Link href={studioPaths.simulate(name)} className="text-brand hover:underline">
                    {t('index.simulate')}
                  </Link>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
