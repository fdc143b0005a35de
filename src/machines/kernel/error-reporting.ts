import type { AnyStateMachine } from 'xstate';
import { type ErrorReport, isApiError, type PortalApi } from '../../services/api';
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
 * The one error reporter (spec point 8): sends the report through the machine's own API object and
 * does not wait for it. It can never fail the machine: the service never rejects, and a stand-in
 * API without `reportError` (a test's) is skipped.
 */
export function sendErrorReport(
  api: Partial<Pick<PortalApi, 'reportError'>> | undefined,
  source: string,
  error: unknown,
) {
  if (typeof api?.reportError !== 'function') return;
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
