import * as z from 'zod/mini';
import type { SessionClaims } from '../../domain/types';
import { accessClaimsWire, refreshClaimsWire, toSessionClaims } from './wire/auth';

/**
 * Reads a JWT's payload WITHOUT verifying its signature: the client only needs the
 * claims to show the user and to know when to refresh; the server verifies every call.
 * Returns null for anything that is not a three-part token with a JSON payload.
 */
export function decodeJwtPayload(token: string): unknown {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || !payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

export type ClaimsResult<T> = { ok: true; claims: T } | { ok: false; problem: string };

export function readRefreshClaims(token: string): ClaimsResult<SessionClaims> {
  const payload = decodeJwtPayload(token);
  if (payload === null) return { ok: false, problem: 'refresh token is not a JWT' };
  const parsed = z.safeParse(refreshClaimsWire, payload);
  return parsed.success
    ? { ok: true, claims: toSessionClaims(parsed.data) }
    : {
        ok: false,
        problem: `refresh token claims: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`,
      };
}

/** Seconds since the epoch at which the access token stops being accepted. */
export function readAccessExpiry(token: string): ClaimsResult<number> {
  const parsed = z.safeParse(accessClaimsWire, decodeJwtPayload(token));
  return parsed.success
    ? { ok: true, claims: parsed.data.exp }
    : { ok: false, problem: 'access token has no exp' };
}
