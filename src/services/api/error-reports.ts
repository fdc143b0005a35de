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

/**
 * The server refuses control characters; a message quoting terminal colours or a NUL
 * must still arrive, so they become spaces (tabs and line breaks stay in the message).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is replaced
const singleLineControls = /[\u0000-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, keeping tab, line feed and return
const multiLineControls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const singleLine = (text: string) => text.replace(singleLineControls, ' ');
const multiLine = (text: string) => text.replace(multiLineControls, ' ');

const currentPath = (): string | undefined =>
  typeof location === 'undefined' ? undefined : location.pathname;

/** The body the server accepts: sizes cut to its limits, empty and out-of-range fields left out. */
export function toErrorReportWire(report: ErrorReport, url = currentPath()): ErrorReportWire {
  const status = report.status;
  return {
    source: cut(singleLine(report.source || 'unknown'), errorReportLimits.source),
    message: cut(multiLine(report.message || 'unknown error'), errorReportLimits.message),
    ...(typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599
      ? { status }
      : {}),
    ...(report.call ? { call: cut(singleLine(report.call), errorReportLimits.call) } : {}),
    ...(url ? { url: cut(singleLine(url), errorReportLimits.url) } : {}),
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
      // a failure on the login screen is reported too, without a bearer
      auth: 'ifSignedIn',
      signal: options.signal,
    });
  } catch {
    // dropped: there is nowhere left to report to
  }
}
