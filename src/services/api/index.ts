export type { AccessTokenHolder } from './accessToken';
export type { LoginCredentials, SignedIn } from './auth';
export { ApiError, type ApiErrorKind, isApiError } from './errors';
export { createPortalApi, type PortalApi, type PortalApiOptions } from './portalApi';
