import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch, useLocation } from 'wouter';
import type { PasswordResetStep } from '../../../machines/account';
import { AuthLayout } from '../../app/layout/auth-layout';
import { LoadingState } from '../../components/loading-state';
import { NotFoundPage } from '../error/not-found-page';
import { useLoginBehindFreshTab } from './portal-history';

// Each flow is its own chunk, and its texts come with the portal's: the login route (budget 130 kB gzip)
// ships none of them.
const portalTexts = () => import('../../app/portal-texts').then((texts) => texts.loadPortalTexts());
const RegistrationScreen = lazy(() =>
  Promise.all([
    import('./registration/registration-screen').then((module) => module.RegistrationScreen),
    portalTexts(),
  ]).then(([RegistrationScreen]) => ({ default: RegistrationScreen })),
);
const PasswordResetFlow = lazy(() =>
  Promise.all([
    import('./password-reset/password-reset-flow').then((module) => module.PasswordResetFlow),
    portalTexts(),
  ]).then(([PasswordResetFlow]) => ({ default: PasswordResetFlow })),
);

/** The password reset's three routes (spec point 2), relative to paths.auth, and the step each shows. */
const passwordResetSteps = {
  '/forgot-password/': 'email',
  '/secure-code/': 'code',
  '/new-password/': 'password',
} as const satisfies Record<string, PasswordResetStep>;

const resetStepAt = (location: string): PasswordResetStep | undefined =>
  passwordResetSteps[location as keyof typeof passwordResetSteps];

/**
 * Nested under paths.auth (app/routes.ts): the patterns are paths.forgotPassword etc. without '/auth'.
 * The password reset's three routes render one flow at one place in the tree, so its one machine
 * lives on while the customer moves from step to step. A tab opened on one of them gets the login screen
 * behind it, so Back stays in the portal.
 */
export function AuthRoutes() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const resetStep = resetStepAt(location);
  const ready = useLoginBehindFreshTab();
  const fallback = <LoadingState label={t('app.loading')} />;
  return (
    <AuthLayout wide={location === '/register/'}>
      <Suspense fallback={fallback}>
        {!ready ? null : resetStep ? (
          <PasswordResetFlow routeStep={resetStep} />
        ) : (
          <Switch>
            <Route path="/register/">
              <RegistrationScreen />
            </Route>
            <Route>
              <NotFoundPage />
            </Route>
          </Switch>
        )}
      </Suspense>
    </AuthLayout>
  );
}
