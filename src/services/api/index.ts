export type { AccessTokenHolder } from './accessToken';
export type { LoginCredentials, SignedIn } from './auth';
export type { ErrorReport } from './error-reports';
export { ApiError, type ApiErrorKind, isApiError } from './errors';
export { createPortalApi, type PortalApi, type PortalApiOptions } from './portalApi';
