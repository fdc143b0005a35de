import { ApiError, type PortalApi } from '../../../src/services/api';

export const httpError = (status: number, code: string | null = null) =>
  new ApiError({ kind: 'http', call: 'test call', status, code }, `HTTP ${status}`);
export const networkError = new ApiError({ kind: 'network', call: 'test call' }, 'no answer');

/** Machines only pass the api on to actors the tests replace. */
export const unusedApi = {} as PortalApi;
