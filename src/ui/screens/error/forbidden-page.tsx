import { useLocation } from 'wouter';
import { ErrorPage } from './error-page';

/** A demo user who types /orders/ or /settings/ reaches the error page rather than a hidden screen. */
export function ForbiddenPage() {
  const [location] = useLocation();
  return <ErrorPage status={403} message={location} />;
}
