import type { AnyStateMachine } from 'xstate';
import { type ErrorReport, isApiError, type PortalApi } from '../../services/api';
import { isMissingCall } from '../../services/api/capabilities';
import { isNotSignedInError } from '../../services/api/errors';
import { toErrorInfo } from './errorInfo';

/** The params of every machine's named `reportError` action. */
export interface ReportErrorParams {
  error: unknown;
}

/** What is reported of a failure: the machine's id as the source, the message, status and call. */
export function toErrorReport(source: string, error: unknown): ErrorReport {
  const info = toErrorInfo(error);
  return {
    source,
    message: info.message,
    status: info.status,
    ...(isApiError(error) ? { call: error.call } : {}),
  };
}

/**
 * Whether a failure is news to an operator. Not: an abort (the machine stopped asking), a 401 (the session
 * ends and the user signs in again), a call made with nobody signed in (a sign-out overtook it), a call
 * the backend does not have (a missing capability, which the API layer hands to the capabilities actor).
 */
export function isReportable(error: unknown): boolean {
  if ((error as { name?: unknown } | null)?.name === 'AbortError') return false;
  if (isNotSignedInError(error) || isMissingCall(error)) return false;
  return !(isApiError(error) && error.status === 401);
}

/**
 * The one error reporter (spec point 8): sends the report through the machine's own API object and
 * does not wait for it; a failure that is no news (`isReportable`) is left out. It can never fail the
 * machine: the service never rejects, and a stand-in API without `reportError` (a test's) is skipped.
 */
export function sendErrorReport(
  api: Partial<Pick<PortalApi, 'reportError'>> | undefined,
  source: string,
  error: unknown,
) {
  if (typeof api?.reportError !== 'function' || !isReportable(error)) return;
  try {
    void api.reportError(toErrorReport(source, error)).catch(() => undefined);
  } catch {
    // a report is never worth a second failure
  }
}

/**
 * Binds the real `reportError` of a machine whose default is a no-op (the chart stays pure): called by
 * the machine's binder, with the API client the composition root closed over.
 */
export function provideReporting<TMachine extends AnyStateMachine>(
  machine: TMachine,
  api: Partial<Pick<PortalApi, 'reportError'>>,
): TMachine {
  const reportError = (_: unknown, params: ReportErrorParams) =>
    sendErrorReport(api, machine.id, params.error);
  return machine.provide({ actions: { reportError } }) as TMachine;
}
