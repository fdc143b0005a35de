import { ApiError, type PortalApi } from '../services/api';

/** Failures the calls give in machine tests: an HTTP status (and code), or no answer at all. */
export const httpError = (status: number, code: string | null = null) =>
  new ApiError({ kind: 'http', call: 'test call', status, code }, `HTTP ${status}`);
export const networkError = new ApiError({ kind: 'network', call: 'test call' }, 'no answer');

/** Machines only pass the api on to actors the tests replace. */
export const unusedApi = {} as PortalApi;
