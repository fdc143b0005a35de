import type { PasswordResetRouteStep } from '../auth-routes';

// PLACEHOLDER until the password-reset helper lands its flow (issue 11).
export function PasswordResetFlow(_props: { routeStep: PasswordResetRouteStep }) {
  return null;
}
