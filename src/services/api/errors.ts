import type * as z from 'zod/mini';

/**
 * Every failure of a call is one of three kinds, so callers branch on data rather
 * than on error classes or message text:
 * - `http`: the server answered outside 200-299 (status, detail and code come from its body);
 * - `network`: no answer at all (offline, DNS, connection reset);
 * - `parse`: an answer arrived but its body is not what the wire schema describes.
 */
export type ApiErrorKind = 'http' | 'network' | 'parse';

export interface ApiErrorFields {
  kind: ApiErrorKind;
  /** `METHOD path` of the failed call, so logs say which call broke */
  call: string;
  status?: number | null;
  detail?: string | null;
  code?: string | null;
  retryAfterSeconds?: number | null;
  /** a 400's messages by field (`{ current_password: ['…'] }`) */
  fieldErrors?: Record<string, string[]> | null;
  /** a stock refusal's figure: the most of the chosen unit that stock allows */
  maxQuantity?: number | null;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly call: string;
  readonly status: number | null;
  readonly detail: string | null;
  readonly code: string | null;
  readonly retryAfterSeconds: number | null;
  readonly fieldErrors: Record<string, string[]> | null;
  readonly maxQuantity: number | null;

  constructor(fields: ApiErrorFields, message: string) {
    super(message, { cause: fields.cause });
    this.kind = fields.kind;
    this.call = fields.call;
    this.status = fields.status ?? null;
    this.detail = fields.detail ?? null;
    this.code = fields.code ?? null;
    this.retryAfterSeconds = fields.retryAfterSeconds ?? null;
    this.fieldErrors = fields.fieldErrors ?? null;
    this.maxQuantity = fields.maxQuantity ?? null;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** One line per issue, e.g. `results[0].flag: expected string, received undefined`. */
export function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.map(String).join('.') : '(body)'}: ${issue.message}`)
    .join('; ');
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Spec point 8: an authenticated call with no access token to send and none to be had (nobody signed in,
 * or the refresh token expired): an internal error raised before anything goes out, never a request
 * without its bearer. Machines take it for "signed out": it is neither shown as a failure nor reported.
 */
export class NotSignedInError extends Error {
  override readonly name = 'NotSignedInError';
  /** `METHOD path` of the call that was not made */
  readonly call: string;

  constructor(call: string) {
    super(`${call} needs a signed-in user: no access token`);
    this.call = call;
  }
}

export const isNotSignedInError = (error: unknown): error is NotSignedInError =>
  error instanceof NotSignedInError;
