import type { SessionClaims, TokenPair } from '../../domain/types';
import type { HttpClient } from './client';
import { ApiError } from './errors';
import { readAccessExpiry, readRefreshClaims } from './jwt';
import { tokenPairWire, toTokenPair } from './wire/auth';

/** A usable sign-in: both tokens plus the claims the refresh token carries. */
export interface SignedIn {
  tokens: TokenPair;
  claims: SessionClaims;
}

export interface LoginCredentials {
  username: string;
  password: string;
}

type CallOptions = { signal?: AbortSignal | undefined };

/** Token answers whose JWTs cannot be read are parse errors, like any malformed body. */
function toSignedIn(call: string, tokens: TokenPair): SignedIn {
  const claims = readRefreshClaims(tokens.refresh);
  const access = readAccessExpiry(tokens.access);
  const problem = !claims.ok ? claims.problem : !access.ok ? access.problem : null;
  if (problem !== null || !claims.ok) {
    throw new ApiError({ kind: 'parse', call, status: 200 }, `${call}: unexpected answer: ${problem}`);
  }
  return { tokens, claims: claims.claims };
}

/** POST /token/ */
export async function login(http: HttpClient, credentials: LoginCredentials, options: CallOptions = {}) {
  const tokens = await http.call(
    { method: 'post', path: 'token/', json: credentials, auth: false, signal: options.signal },
    tokenPairWire,
    toTokenPair,
  );
  return toSignedIn('POST token/', tokens);
}

/** POST /token/refresh/ — the server rotates both tokens. */
export async function refresh(http: HttpClient, refreshToken: string, options: CallOptions = {}) {
  const tokens = await http.call(
    {
      method: 'post',
      path: 'token/refresh/',
      json: { refresh: refreshToken },
      auth: false,
      signal: options.signal,
    },
    tokenPairWire,
    toTokenPair,
  );
  return toSignedIn('POST token/refresh/', tokens);
}
