import * as z from 'zod/mini';
import { createHttpClient, readCookie } from './client';
import { ApiError, parseRetryAfter } from './errors';
import { type StaffSuborderApi, staffSuborderCalls } from './staff-suborders';
import { type StaffWebhookApi, staffWebhookCalls } from './staff-webhooks';
import { errorBodyWire } from './wire/auth';
import {
  createdKeyWire,
  type ImportJobWire,
  type ImportKindName,
  type ImportModeName,
  type IntegrationKeyWire,
  type IntegrationScopeName,
  importJobListWire,
  importJobWire,
  integrationKeyListWire,
  integrationKeyWire,
  type ReportRowWire,
  reportPageWire,
  staffSessionWire,
} from './wire/staff';

/**
 * The staff console's API client (/api/staff/): its own module, loaded only with the staff area's
 * chunk. The customer portal never imports it, and it never touches the customers' tokens.
 */

export type { ImportKindName, ImportModeName, IntegrationScopeName };

export interface StaffSession {
  access: string;
  /** ISO time the token stops working (8 hours after the sign-in) */
  expiresAt: string;
  name: string;
  username: string;
}

export interface ImportJob {
  id: string;
  kind: ImportKindName;
  mode: ImportModeName;
  status: 'queued' | 'running' | 'done' | 'failed';
  fileName: string;
  rowsTotal: number | null;
  rowsDone: number;
  applied: number;
  unchanged: number;
  refused: number;
  retired: number;
  error: { code: string; detail: string } | null;
  createdBy: string;
  createdAt: string;
  finishedAt: string | null;
}

export interface ReportRow {
  seq: number;
  rowNumber: number | null;
  externalId: string | null;
  outcome: 'applied' | 'unchanged' | 'refused' | 'retired';
  reason: string | null;
  detail: string | null;
}

export interface ReportPage {
  rows: ReportRow[];
  /** the cursor of the next page; null on the last */
  nextAfter: number | null;
}

export interface IntegrationKey {
  id: number;
  name: string;
  keyPrefix: string;
  scopes: string[];
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface CreatedKey {
  key: IntegrationKey;
  /** the whole key: shown once, never again */
  secret: string;
}

export interface ImportUpload {
  kind: ImportKindName;
  mode: ImportModeName;
  file: Blob;
  fileName: string;
}

type CallOptions = { signal?: AbortSignal | undefined };

export interface StaffApi extends StaffWebhookApi, StaffSuborderApi {
  signIn(username: string, password: string, options?: CallOptions): Promise<StaffSession>;
  /** POST imports/{kind}?mode&file_name with the file as the body */
  createImport(upload: ImportUpload, options?: CallOptions): Promise<ImportJob>;
  importJobs(options?: CallOptions): Promise<ImportJob[]>;
  importJob(id: string, options?: CallOptions): Promise<ImportJob>;
  /** one page of the job's refused rows */
  refusedRows(id: string, after: number | null, options?: CallOptions): Promise<ReportPage>;
  /** the report as CSV (needs the bearer token, so fetched, not linked) */
  reportFile(id: string, options?: CallOptions): Promise<Blob>;
  keys(options?: CallOptions): Promise<IntegrationKey[]>;
  createKey(name: string, scopes: readonly string[], options?: CallOptions): Promise<CreatedKey>;
  revokeKey(id: number, options?: CallOptions): Promise<IntegrationKey>;
}

export interface StaffApiOptions {
  apiBase: string;
  /** the signed-in staff user's token, null when signed out */
  getToken: () => string | null;
  getLanguage?: () => string | null | undefined;
  /** a signed-in call answered 401: the token ran out or the user was deactivated */
  onTokenRefused?: () => void;
  readCookies?: () => string;
  fetch?: typeof globalThis.fetch;
}

export const REFUSED_ROWS_PAGE = 50;

const toImportJob = (w: ImportJobWire): ImportJob => ({
  id: w.id,
  kind: w.kind,
  mode: w.mode,
  status: w.status,
  fileName: w.file_name,
  rowsTotal: w.rows_total,
  rowsDone: w.rows_done,
  applied: w.applied,
  unchanged: w.unchanged,
  refused: w.refused,
  retired: w.retired,
  error: w.error,
  createdBy: w.created_by,
  createdAt: w.created_at,
  finishedAt: w.finished_at,
});

const toReportRow = (w: ReportRowWire): ReportRow => ({
  seq: w.seq,
  rowNumber: w.row_number,
  externalId: w.external_id,
  outcome: w.outcome,
  reason: w.reason,
  detail: w.detail,
});

const toIntegrationKey = (w: IntegrationKeyWire): IntegrationKey => ({
  id: w.id,
  name: w.name,
  keyPrefix: w.key_prefix,
  scopes: w.scopes,
  createdAt: w.created_at,
  createdBy: w.created_by,
  lastUsedAt: w.last_used_at,
  revokedAt: w.revoked_at,
});

const segment = (id: string) => encodeURIComponent(id);

export function createStaffApi(options: StaffApiOptions): StaffApi {
  const { getToken, onTokenRefused } = options;
  const readCookies = options.readCookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const http = createHttpClient({
    apiBase: options.apiBase,
    getAccessToken: async () => getToken(),
    readCookies,
    fetch: fetchImpl,
    ...(options.getLanguage ? { getLanguage: options.getLanguage } : {}),
  });

  /** A signed-in call: a 401 also tells the session that its token no longer works. */
  const signedIn = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onTokenRefused?.();
      throw error;
    }
  };

  /** The upload: the file as the raw body, which the JSON client does not send. */
  async function upload({ kind, mode, file, fileName }: ImportUpload, signal?: AbortSignal) {
    const call = `POST staff/imports/${kind}`;
    const query = new URLSearchParams({ mode, file_name: fileName });
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': file.type || 'application/octet-stream',
      Authorization: `Bearer ${getToken() ?? ''}`,
    };
    const csrf = readCookie(readCookies(), 'csrftoken');
    if (csrf) headers['X-CSRFToken'] = csrf;
    const language = options.getLanguage?.();
    if (language) headers['Accept-Language'] = language;
    const base = options.apiBase.replace(/\/$/, '');
    let response: Response;
    try {
      response = await fetchImpl(`${base}/staff/imports/${kind}?${query}`, {
        method: 'POST',
        headers,
        body: file,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(
        { kind: 'network', call, cause: error },
        `${call} failed: no answer from the server`,
      );
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // an HTML error page: the status alone says what happened
    }
    if (!response.ok) {
      const parsed = z.safeParse(errorBodyWire, body);
      const detail = parsed.success ? (parsed.data.detail ?? null) : null;
      throw new ApiError(
        {
          kind: 'http',
          call,
          status: response.status,
          detail,
          code: parsed.success ? (parsed.data.code ?? null) : null,
          retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
        },
        `${call} failed with HTTP ${response.status}${detail ? `: ${detail}` : ''}`,
      );
    }
    const job = z.safeParse(importJobWire, body);
    if (!job.success)
      throw new ApiError({ kind: 'parse', call, status: response.status }, `${call}: unexpected answer`);
    return toImportJob(job.data);
  }

  return {
    signIn: (username, password, { signal } = {}) =>
      http.call(
        { method: 'post', path: 'staff/session/', json: { username, password }, auth: false, signal },
        staffSessionWire,
        (w) => ({ access: w.access, expiresAt: w.expires_at, name: w.name, username: w.username }),
      ),
    createImport: (job, { signal } = {}) => signedIn(() => upload(job, signal)),
    importJobs: ({ signal } = {}) =>
      signedIn(() =>
        http.call({ method: 'get', path: 'staff/imports?limit=20', signal }, importJobListWire, (w) =>
          w.results.map(toImportJob),
        ),
      ),
    importJob: (id, { signal } = {}) =>
      signedIn(() =>
        http.call(
          { method: 'get', path: `staff/imports/${segment(id)}`, signal },
          importJobWire,
          toImportJob,
        ),
      ),
    refusedRows: (id, after, { signal } = {}) => {
      const query = new URLSearchParams({ outcome: 'refused', limit: String(REFUSED_ROWS_PAGE) });
      if (after !== null) query.set('after', String(after));
      return signedIn(() =>
        http.call(
          { method: 'get', path: `staff/imports/${segment(id)}/report.json?${query}`, signal },
          reportPageWire,
          (w) => ({ rows: w.rows.map(toReportRow), nextAfter: w.next_after }),
        ),
      );
    },
    reportFile: (id, { signal } = {}) =>
      signedIn(() => http.blob({ method: 'get', path: `staff/imports/${segment(id)}/report`, signal })),
    keys: ({ signal } = {}) =>
      signedIn(() =>
        http.call({ method: 'get', path: 'staff/keys/', signal }, integrationKeyListWire, (w) =>
          w.results.map(toIntegrationKey),
        ),
      ),
    createKey: (name, scopes, { signal } = {}) =>
      signedIn(() =>
        http.call(
          { method: 'post', path: 'staff/keys/', json: { name, scopes }, signal },
          createdKeyWire,
          ({ key, ...rest }) => ({ key: toIntegrationKey(rest), secret: key }),
        ),
      ),
    revokeKey: (id, { signal } = {}) =>
      signedIn(() =>
        http.call(
          { method: 'post', path: `staff/keys/${id}/revoke/`, json: {}, signal },
          integrationKeyWire,
          toIntegrationKey,
        ),
      ),
    ...staffWebhookCalls(http, signedIn),
    ...staffSuborderCalls(http, signedIn),
  };
}
