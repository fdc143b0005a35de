import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsResourceRejected } from '../../../../machines/kernel/resource.selectors';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useConfigurationRef } from '../../../hooks/use-app-actor';
import { useConfiguration } from '../../../hooks/use-configuration';
import { NotFoundPage } from '../../error/not-found-page';
import { RegistrationFlow } from './registration-flow';

/**
 * /auth/register/ (spec points 2 and 6): offered only while the configured default customer type is
 * above 0; otherwise the route is the 404 page.
 */
export function RegistrationScreen() {
  const { t } = useTranslation();
  const configurationRef = useConfigurationRef();
  const configuration = useConfiguration();
  const rejected = useSelector(configurationRef, selectIsResourceRejected);
  if (!configuration) {
    return rejected ? (
      <ErrorState onRetry={() => configurationRef.send({ type: 'resource.load' })} />
    ) : (
      <LoadingState label={t('app.loading')} />
    );
  }
  if (configuration.defaultCustomerType <= 0) return <NotFoundPage />;
  return <RegistrationFlow />;
}
