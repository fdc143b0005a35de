import { ArrowLeft, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { ElkLayout } from '../../../../studio/chart-layout';
import { type CatalogEntry, catalogEntry } from '../../../../studio/machine-catalog';
import { paths } from '../../../app/routes';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { useCoverageOverlay } from '../coverage/use-coverage-overlay';
import { studioPaths } from '../studio-paths';
import { SpecRefText } from '../traceability/spec-ref-text';
import { useVersionCompare } from '../versions/use-version-compare';
import { ChosenStatePanel } from './chosen-state-panel';
import { StatechartView } from './statechart-view';

/**
 * /statecharts/<machine>/: the machine's purpose, where the specification asks for it, and its
 * diagram; beside it the chosen state (`?state=<id>`, so a link can open one) with what the customer
 * sees there, the comparison with a stored version, the coverage overlay and the sign-off.
 */
export function MachineScreen({ name, elk }: { name: string; elk?: ElkLayout }) {
  const { t } = useTranslation('studio');
  const entry = catalogEntry(name);
  if (!entry) return <EmptyState>{t('machine.notFound', { name })}</EmptyState>;
  return <MachineReview entry={entry} {...(elk ? { elk } : {})} />;
}

/** The chosen state lives in the address, so Back, a reload and a shared link keep it. */
function useChosenState(): [string | undefined, (stateId: string) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const chosen = new URLSearchParams(search).get('state') ?? undefined;
  const choose = (stateId: string) =>
    navigate(`${location}?${new URLSearchParams({ state: stateId })}`, { replace: true });
  return [chosen, choose];
}

function MachineReview({ entry, elk }: { entry: CatalogEntry; elk?: ElkLayout }) {
  const { t } = useTranslation('studio');
  const [chosen, choose] = useChosenState();
  const coverage = useCoverageOverlay(entry.name);
  const compare = useVersionCompare(entry.name);
  // while comparing, the marks say what changed; the coverage overlay waits until the comparison ends
  const decorations = compare.graph ? compare.decorations : coverage.decorations;
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
          {t('index.spec')}: <SpecRefText refs={entry.spec} />
        </p>
      </div>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-2">
          <StatechartView
            name={entry.name}
            machine={entry.machine}
            graph={compare.graph}
            decorations={decorations}
            selectedStateId={chosen}
            onSelectState={choose}
            exportable
            {...(elk ? { elk } : {})}
            toolbar={
              <>
                {compare.toolbar}
                {!compare.graph && coverage.toggle}
                <Link
                  href={studioPaths.simulate(entry.name)}
                  className="tap-target inline-flex items-center gap-1 rounded-md bg-brand px-3 text-sm font-medium text-brand-contrast hover:bg-brand-strong"
                >
                  <Play aria-hidden="true" className="size-4" />
                  {t('diagram.simulate')}
                </Link>
              </>
            }
          />
          {!compare.graph && coverage.legend}
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <ChosenStatePanel name={entry.name} stateId={chosen} />
          {compare.panel}
        </div>
      </div>
    </section>
  );
}
