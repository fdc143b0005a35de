import type { HttpClient } from './client';
import { errorReportLimits } from './wire/error-report-limits';
import type { ErrorReportWire } from './wire/errors';

type CallOptions = { signal?: AbortSignal | undefined };

/** What a machine reports of a failure (spec point 8); the page's path is added here. */
export interface ErrorReport {
  /** the machine that failed, e.g. `search` */
  source: string;
  message: string;
  status?: number | null;
  /** `METHOD path` of the failed call */
  call?: string | null;
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

const currentPath = (): string | undefined =>
  typeof location === 'undefined' ? undefined : location.pathname;

/** The body the server accepts: sizes cut to its limits, empty and out-of-range fields left out. */
export function toErrorReportWire(report: ErrorReport, url = currentPath()): ErrorReportWire {
  const status = report.status;
  return {
    source: cut(report.source || 'unknown', errorReportLimits.source),
    message: cut(report.message || 'unknown error', errorReportLimits.message),
    ...(typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599
      ? { status }
      : {}),
    ...(report.call ? { call: cut(report.call, errorReportLimits.call) } : {}),
    ...(url ? { url: cut(url, errorReportLimits.url) } : {}),
  };
}

/**
 * POST /errors/ (202, no body), with the bearer when signed in. Never throws or rejects: a report
 * that cannot be sent is dropped, since reporting must not become a second failure.
 */
export async function reportError(
  http: HttpClient,
  report: ErrorReport,
  options: CallOptions = {},
): Promise<void> {
  try {
    await http.send({
      method: 'post',
      path: 'errors/',
      json: toErrorReportWire(report),
      signal: options.signal,
    });
  } catch {
    // dropped: there is nowhere left to report to
  }
}
