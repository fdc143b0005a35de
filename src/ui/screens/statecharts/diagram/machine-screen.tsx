import { ArrowLeft, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ElkLayout } from '../../../../studio/chart-layout';
import { catalogEntry } from '../../../../studio/machine-catalog';
import { paths } from '../../../app/routes';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { StatechartView } from './statechart-view';

/** /statecharts/<machine>/: the machine's purpose, where it is asked for, and its diagram with zoom and export. */
export function MachineScreen({ name, elk }: { name: string; elk?: ElkLayout }) {
  const { t } = useTranslation('studio');
  const entry = catalogEntry(name);
  if (!entry) return <EmptyState>{t('machine.notFound', { name })}</EmptyState>;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="machine-heading">
      <Link
        href={paths.statecharts}
        className="tap-target inline-flex items-center gap-1 self-start rounded-md px-1 text-sm text-fg-muted hover:text-fg"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('machine.back')}
      </Link>
      <div>
        <PageTitle>
          <span id="machine-heading" className="font-mono">
            {entry.name}
          </span>
        </PageTitle>
        <p className="-mt-2">{t(`machines.${entry.name}`)}</p>
        <p className="mt-1 text-sm text-fg-muted">
          {t('index.spec')}: {entry.spec}
        </p>
      </div>
      <StatechartView
        name={entry.name}
        machine={entry.machine}
        exportable
        {...(elk ? { elk } : {})}
        toolbar={
          <Link
            href={paths.statechartSimulate(entry.name)}
            className="tap-target inline-flex items-center gap-1 rounded-md bg-brand px-3 text-sm font-medium text-brand-contrast hover:bg-brand-strong"
          >
            <Play aria-hidden="true" className="size-4" />
            {t('diagram.simulate')}
          </Link>
        }
      />
    </section>
  );
}
