import { isApiError } from '../../services/api';

/**
 * What a machine keeps of a failure: plain data (serialisable, comparable in tests).
 * Views choose the words; `message` is for logs and error reports, not for the screen.
 */
export interface ErrorInfo {
  kind: 'http' | 'network' | 'parse' | 'unknown';
  status: number | null;
  message: string;
}

export function toErrorInfo(error: unknown): ErrorInfo {
  if (isApiError(error)) return { kind: error.kind, status: error.status, message: error.message };
  return { kind: 'unknown', status: null, message: error instanceof Error ? error.message : String(error) };
}
