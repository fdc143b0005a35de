import { useTranslation } from 'react-i18next';
import { useLocation, useRouter } from 'wouter';
import { ErrorPage } from './error-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  const [location] = useLocation();
  // Inside a nested router (/auth) the location is relative; the user typed the whole path.
  const { base } = useRouter();
  return <ErrorPage status={404} message={`${t('routeError.notFound')} "${base}${location}"`} />;
}
