import { isApiError } from '../../services/api';
import { isMissingCall } from '../../services/api/capabilities';

/**
 * What a machine keeps of a failure: plain data (serialisable, comparable in tests).
 * Views choose the words; `message` is for logs and error reports, not for the screen.
 */
export interface ErrorInfo {
  kind: 'http' | 'network' | 'parse' | 'unknown';
  status: number | null;
  message: string;
  /** the backend does not have the call at all (see `isMissingCall`): a capability it lacks */
  missingCall?: true;
}

export function toErrorInfo(error: unknown): ErrorInfo {
  if (isApiError(error)) {
    const info: ErrorInfo = { kind: error.kind, status: error.status, message: error.message };
    return isMissingCall(error) ? { ...info, missingCall: true } : info;
  }
  return { kind: 'unknown', status: null, message: error instanceof Error ? error.message : String(error) };
}
