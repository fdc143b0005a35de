import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Switch, useLocation } from 'wouter';
import { paths } from '../../app/routes';
import { LoadingState } from '../../components/loading-state';
import { MachineScreen } from './diagram/machine-screen';
import { MachineIndex } from './index/machine-index';
import { LiveScreen } from './live/live-screen';
import { SimulateScreen } from './simulate/simulate-screen';
import { TraceabilityScreen } from './traceability/traceability-screen';
import './studio-texts';
import { studioPaths, studioPatterns } from './studio-paths';

const tabClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-fg-muted hover:bg-surface-sunken aria-[current=page]:bg-surface-sunken aria-[current=page]:text-fg';

/**
 * /statecharts/: the machines as product owners review them. A lazy chunk of its own
 * with its own texts (the `studio` namespace), reached by users with can_review_flows.
 */
export function StatechartStudio() {
  const { t } = useTranslation('studio');
  const [location] = useLocation();
  const onLive = location.startsWith(studioPaths.live);
  const onTrace = location.startsWith(studioPaths.traceability);
  return (
    <Suspense fallback={<LoadingState label={t('title')} />}>
      <div className="flex flex-col gap-4">
        <nav aria-label={t('title')} className="flex flex-wrap items-center gap-2 border-b border-line pb-2">
          <span className="me-4 font-semibold">{t('title')}</span>
          <Link
            href={paths.statecharts}
            aria-current={onLive || onTrace ? undefined : 'page'}
            className={tabClass}
          >
            {t('nav.machines')}
          </Link>
          <Link href={studioPaths.live} aria-current={onLive ? 'page' : undefined} className={tabClass}>
            {t('nav.live')}
          </Link>
          <Link
            href={studioPaths.traceability}
            aria-current={onTrace ? 'page' : undefined}
            className={tabClass}
          >
            {t('nav.traceability')}
          </Link>
        </nav>
        <Switch>
          <Route path={paths.statecharts} component={MachineIndex} />
          <Route path={studioPaths.live} component={LiveScreen} />
          <Route path={studioPaths.traceability}>{() => <TraceabilityScreen />}</Route>
          <Route path={studioPatterns.simulate}>{(params) => <SimulateScreen name={params.machine} />}</Route>
          <Route path={studioPatterns.machine}>{(params) => <MachineScreen name={params.machine} />}</Route>
        </Switch>
      </div>
    </Suspense>
  );
}
