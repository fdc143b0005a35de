import { randomUUID } from 'node:crypto';
import { compactVerify, jwtVerify, SignJWT } from 'jose';

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
  /** may open the statechart studio (issue 13) */
  can_review_flows: boolean;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

/** The sign-in a pair belongs to (refresh_token_families) and the id of its refresh token. */
export interface FamilyTicket {
  family: string;
  jti: string;
}

/** A valid token: its user, its family (`fam`) and its own id (`jti`). */
export interface VerifiedToken {
  userId: number;
  family: string;
  jti: string;
}

export class InvalidTokenError extends Error {}

export interface TokenService {
  /** an access token and a refresh token of one family; the refresh token's jti is `ticket.jti` */
  issuePair(userId: number, claims: SessionClaimsPayload, ticket: FamilyTicket): Promise<TokenPair>;
  /** a valid, unexpired token of that type with a family; InvalidTokenError otherwise */
  verify(token: string, type: 'access' | 'refresh'): Promise<VerifiedToken>;
  /** as verify, but an expired token is accepted (sign-out of a session that has already run out) */
  verifySignature(token: string, type: 'access' | 'refresh'): Promise<VerifiedToken>;
}

const readVerified = (payload: Record<string, unknown>, type: 'access' | 'refresh'): VerifiedToken => {
  const userId = Number(payload.sub);
  const { fam, jti } = payload;
  if (payload.token_type !== type || !Number.isSafeInteger(userId)) throw new Error('wrong token type');
  if (typeof fam !== 'string' || typeof jti !== 'string' || !fam || !jti) throw new Error('no family');
  return { userId, family: fam, jti };
};

/**
 * HS256 tokens. The token type is a claim so that an access token can never be used as a refresh
 * token or the other way round, and the clock is injected so tests can step past an expiry. Both
 * carry their family (`fam`); the server keeps each family's current refresh jti (token-families.ts).
 */
export function createTokenService(secret: string, now: () => Date): TokenService {
  const key = new TextEncoder().encode(secret);
  const seconds = () => Math.floor(now().getTime() / 1000);

  const sign = (
    userId: number,
    type: 'access' | 'refresh',
    lifetime: number,
    claims: object,
    jti: string,
  ) => {
    const issuedAt = seconds();
    return new SignJWT({ ...claims, token_type: type })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + lifetime)
      .setJti(jti)
      .sign(key);
  };

  return {
    async issuePair(userId, claims, { family, jti }) {
      const [access, refresh] = await Promise.all([
        sign(userId, 'access', ACCESS_TOKEN_SECONDS, { fam: family }, randomUUID()),
        sign(userId, 'refresh', REFRESH_TOKEN_SECONDS, { ...claims, fam: family }, jti),
      ]);
      return { access, refresh };
    },
    async verify(token, type) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
        return readVerified(payload, type);
      } catch {
        throw new InvalidTokenError(`${type} token is invalid or expired`);
      }
    },
    async verifySignature(token, type) {
      try {
        const { payload } = await compactVerify(token, key, { algorithms: ['HS256'] });
        return readVerified(JSON.parse(new TextDecoder().decode(payload)), type);
      } catch {
        throw new InvalidTokenError(`${type} token is invalid`);
      }
    },
  };
}
