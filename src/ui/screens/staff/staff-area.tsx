import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import {
  type StaffArea,
  selectStaffIsRestoring,
  selectStaffIsSignedIn,
  startStaffArea,
} from '../../../machines/staff';
import { loadPortalTexts } from '../../app/portal-texts';
import { ErrorState } from '../../components/error-state';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { usePortalInspection } from '../../hooks/use-app-actor';
import { DeliveriesScreen } from './deliveries-screen';
import { ImportJobScreen } from './import-job-screen';
import { ImportsScreen } from './imports-screen';
import { KeysScreen } from './keys-screen';
import { StaffAreaContext } from './staff-context';
import { staffPaths } from './staff-paths';
import { StaffShell } from './staff-shell';
import { StaffSignIn } from './staff-sign-in';
import { SubordersScreen } from './suborders-screen';
import { WebhooksScreen } from './webhooks-screen';

/** /staff: the staff console, its own chunk. Nothing of the customer portal's signed-in code. */
export function StaffAreaRoot() {
  const { t, i18n } = useTranslation();
  const { inspect } = usePortalInspection();
  const [area, setArea] = useState<StaffArea | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    // the attempt number starts the load again after a failure
    void attempt;
    Promise.all([startStaffArea(i18n, inspect), loadPortalTexts()]).then(
      ([started]) => {
        if (live) setArea(started);
        else started.session.stop();
      },
      (error: unknown) => {
        console.error(error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [i18n, inspect, attempt]);
  if (failed)
    return (
      <main className="mx-auto max-w-xl p-4">
        <ErrorState
          onRetry={() => {
            setFailed(false);
            setAttempt((count) => count + 1);
          }}
        />
      </main>
    );
  if (!area) return <FullPageSpinner label={t('app.loading')} />;
  return <StaffConsole area={area} />;
}

/** The console for a composed area: sign-in, or the shell with its pages. */
export function StaffConsole({ area }: { area: StaffArea }) {
  const { t } = useTranslation();
  const restoring = useSelector(area.session, selectStaffIsRestoring);
  const signedIn = useSelector(area.session, selectStaffIsSignedIn);
  return (
    <StaffAreaContext.Provider value={area}>
      {restoring ? (
        <FullPageSpinner label={t('app.loading')} />
      ) : signedIn ? (
        <StaffShell>
          <Switch>
            <Route path={staffPaths.keys} component={KeysScreen} />
            <Route path={staffPaths.webhooks} component={WebhooksScreen} />
            <Route path={staffPaths.deliveries} component={DeliveriesScreen} />
            <Route path={staffPaths.suborders} component={SubordersScreen} />
            <Route path={staffPaths.jobPattern} component={ImportJobScreen} />
            <Route component={ImportsScreen} />
          </Switch>
        </StaffShell>
      ) : (
        <StaffSignIn />
      )}
    </StaffAreaContext.Provider>
  );
}
