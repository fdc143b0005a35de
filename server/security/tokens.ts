import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 5 * 60;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;

/** What the refresh token tells the client about the session (refreshClaimsWire, without exp). */
export interface SessionClaimsPayload {
  name: string;
  account_name: string;
  is_admin: boolean;
  tax_applies: boolean;
  language: string;
  is_demo: boolean;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

export class InvalidTokenError extends Error {}

export interface TokenService {
  issuePair(userId: number, claims: SessionClaimsPayload): Promise<TokenPair>;
  /** the user id of a valid, unexpired token of that type; InvalidTokenError otherwise */
  verify(token: string, type: 'access' | 'refresh'): Promise<number>;
}

/**
 * HS256 tokens. The token type is a claim so that an access token can never be used as a refresh
 * token or the other way round, and the clock is injected so tests can step past an expiry.
 */
export function createTokenService(secret: string, now: () => Date): TokenService {
  const key = new TextEncoder().encode(secret);
  const seconds = () => Math.floor(now().getTime() / 1000);

  const sign = (userId: number, type: 'access' | 'refresh', lifetime: number, claims: object) => {
    const issuedAt = seconds();
    return new SignJWT({ ...claims, token_type: type })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + lifetime)
      .setJti(randomUUID())
      .sign(key);
  };

  return {
    async issuePair(userId, claims) {
      const [access, refresh] = await Promise.all([
        sign(userId, 'access', ACCESS_TOKEN_SECONDS, {}),
        sign(userId, 'refresh', REFRESH_TOKEN_SECONDS, claims),
      ]);
      return { access, refresh };
    },
    async verify(token, type) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
        const userId = Number(payload.sub);
        if (payload.token_type !== type || !Number.isSafeInteger(userId)) throw new Error('wrong token type');
        return userId;
      } catch {
        throw new InvalidTokenError(`${type} token is invalid or expired`);
      }
    },
  };
}
