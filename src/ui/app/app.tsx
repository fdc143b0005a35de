import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { selectIsRestoring, selectIsSignedIn, selectIsSigningOut } from '../../machines/session';
import { FullPageSpinner } from '../components/full-page-spinner';
import { useSessionRef } from '../hooks/use-app-actor';
import { AuthRoutes } from '../screens/auth/auth-routes';
import { AppErrorBoundary } from '../screens/error/app-error-boundary';
import { LoginScreen } from '../screens/login/login-screen';
import { RestoringScreen } from '../screens/login/restoring-screen';
import { signInPaths as paths } from './sign-in-paths';
import { useShellEffects } from './use-shell-effects';

// The signed-in portal (dialogs, menus, later the catalogue) is a separate chunk, so the login
// screen, the first thing every visitor sees, downloads only what it shows; its texts too.
// (`.then((module) => module.X)` straight on the import: Rolldown then exports only that name from the chunk)
const MainRoutes = lazy(() =>
  Promise.all([
    import('./main-routes').then((module) => module.MainRoutes),
    import('./portal-texts').then((texts) => texts.loadPortalTexts()),
  ]).then(([MainRoutes]) => ({ default: MainRoutes })),
);

// The supplier's staff console (/staff): a chunk of its own with its own sign-in and token; nothing
// of it is in the login route, and it loads none of the signed-in portal.
const StaffArea = lazy(() => import('../screens/staff/staff-entry'));

/** Nobody signed in: the login screen replaces the whole app, except for the /auth/* flows. */
export function App() {
  const { t } = useTranslation();
  useShellEffects();
  const session = useSessionRef();
  const restoring = useSelector(session, selectIsRestoring);
  const signedIn = useSelector(session, selectIsSignedIn);
  const signingOut = useSelector(session, selectIsSigningOut);
  if (restoring) return <RestoringScreen />;
  if (signingOut) return <FullPageSpinner label={t('login.signingOut')} />;
  return (
    <AppErrorBoundary>
      <Switch>
        <Route path="/staff" nest>
          <Suspense fallback={<FullPageSpinner label={t('app.loading')} />}>
            <StaffArea />
          </Suspense>
        </Route>
        <Route path={paths.auth} nest>
          <AuthRoutes />
        </Route>
        <Route>
          {signedIn ? (
            <Suspense fallback={<FullPageSpinner label={t('app.loading')} />}>
              <MainRoutes />
            </Suspense>
          ) : (
            <LoginScreen />
          )}
        </Route>
      </Switch>
    </AppErrorBoundary>
  );
}
