export type { LoginCredentials, SignedIn } from './auth';
export type { ErrorReport } from './error-reports';
export { ApiError, isApiError } from './errors';
export { createPortalApi, type PortalApi } from './portalApi';
