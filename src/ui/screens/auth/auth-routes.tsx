import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { AuthLayout } from '../../app/layout/auth-layout';
import { NotFoundPage } from '../error/not-found-page';
import { AuthPlaceholder } from './auth-placeholder';

// Nested under paths.auth (app/routes.ts): the patterns are paths.forgotPassword etc. without '/auth'.
// PLACEHOLDER routes (issue 2): each becomes a real screen with its flow in a later issue.
export function AuthRoutes() {
  const { t } = useTranslation();
  return (
    <AuthLayout>
      <Switch>
        <Route path="/forgot-password/">
          <AuthPlaceholder title={t('auth.forgotPassword.title')} text={t('auth.forgotPassword.text')} />
        </Route>
        <Route path="/secure-code/">
          <AuthPlaceholder title={t('auth.secureCode.title')} text={t('auth.secureCode.text')} />
        </Route>
        <Route path="/new-password/">
          <AuthPlaceholder title={t('auth.newPassword.title')} text={t('auth.newPassword.text')} />
        </Route>
        <Route path="/register/">
          <AuthPlaceholder title={t('auth.register.title')} text={t('auth.register.text')} />
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </AuthLayout>
  );
}
