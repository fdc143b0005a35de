import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 5 * 60;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;
/** a staff console sign-in: a working day, no refresh */
export const STAFF_TOKEN_SECONDS = 8 * 60 * 60;

/** What the refresh token tells the client about the session (refreshClaimsWire, without exp). */
export interface SessionClaimsPayload {
  name: string;
  account_name: string;
  is_admin: boolean;
  tax_applies: boolean;
  language: string;
  is_demo: boolean;
  /** may open the statechart studio */
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
  /**
   * the refresh token's issue time (its expiry follows), now when absent: a generation handed out
   * again within the rotation grace window is signed with its first issue time, so it comes out
   * the same token
   */
  issuedAt?: Date;
}

/** A valid token: its user, its family (`fam`) and its own id (`jti`). */
export interface VerifiedToken {
  userId: number;
  family: string;
  jti: string;
}

export class InvalidTokenError extends Error {}

/** How many signature-checked tokens createTokenService remembers (a few hundred bytes each). */
export const SIGNED_TOKENS_KEPT = 2_000;

export interface TokenService {
  /** an access token and a refresh token of one family; the refresh token's jti is `ticket.jti`, its iat `ticket.issuedAt` */
  issuePair(userId: number, claims: SessionClaimsPayload, ticket: FamilyTicket): Promise<TokenPair>;
  /** a valid, unexpired token of that type with a family; InvalidTokenError otherwise */
  verify(token: string, type: 'access' | 'refresh'): Promise<VerifiedToken>;
  /** as verify, but an expired token is accepted (sign-out of a session that has already run out) */
  verifySignature(token: string, type: 'access' | 'refresh'): Promise<VerifiedToken>;
  /**
   * a staff console token (`token_type: "staff"`, no family): the customers' `verify(…, 'access')`
   * refuses it by its type, as `verifyStaff` refuses theirs
   */
  issueStaff(staffId: number): Promise<{ token: string; expiresAt: Date }>;
  /** the staff user of a valid, unexpired staff token; InvalidTokenError otherwise */
  verifyStaff(token: string): Promise<number>;
}

const readVerified = (payload: Record<string, unknown>, type: 'access' | 'refresh'): VerifiedToken => {
  const userId = Number(payload.sub);
  const { fam, jti } = payload;
  if (payload.token_type !== type || !Number.isSafeInteger(userId)) throw new Error('wrong token type');
  if (typeof fam !== 'string' || typeof jti !== 'string' || !fam || !jti) throw new Error('no family');
  return { userId, family: fam, jti };
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const decodeJson = (segment: string): unknown =>
  JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));

/**
 * The payload of a compact HS256 JWS whose signature `key` made, else an Error. Checked by hand with
 * node:crypto rather than jose's WebCrypto verify: every authenticated request verifies a token, and
 * the HMAC here is synchronous and about eight times cheaper (no key import, no trip through the
 * thread pool). Strict where jose is: the header must say HS256 and carry no `crit` extension, and
 * the signature must be the canonical base64url of the HMAC (compared in constant time).
 */
function verifiedPayload(token: string, key: Uint8Array): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('not a compact JWS');
  const [header = '', payload = '', signature = ''] = parts;
  const expected = Buffer.from(createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('bad signature');
  const protectedHeader = decodeJson(header);
  if (!isObject(protectedHeader) || protectedHeader.alg !== 'HS256' || 'crit' in protectedHeader)
    throw new Error('unexpected header');
  const claims = decodeJson(payload);
  if (!isObject(claims)) throw new Error('payload is not a claims set');
  return claims;
}

/** jwtVerify's time checks at `nowSeconds`: exp required and in the future, nbf (if any) reached, iat a number. */
function checkTimes(claims: Record<string, unknown>, nowSeconds: number) {
  const { exp, nbf, iat } = claims;
  if (typeof exp !== 'number' || exp <= nowSeconds) throw new Error('expired');
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) throw new Error('not yet valid');
  if (iat !== undefined && typeof iat !== 'number') throw new Error('bad iat');
}

/**
 * HS256 tokens. The token type is a claim so that an access token can never be used as a refresh
 * token or the other way round, and the clock is injected so tests can step past an expiry. Both
 * carry their family (`fam`); the server keeps each family's current refresh jti (token-families.ts).
 */
export function createTokenService(secret: string, now: () => Date): TokenService {
  const key = new TextEncoder().encode(secret);
  const seconds = () => Math.floor(now().getTime() / 1000);

  /**
   * The claims of tokens whose signature was checked, by the token's exact text: a client sends
   * the same access token with every request for five minutes, and the HMAC and the two JSON
   * decodes were a few per cent of a cheap request. Only the signature check is
   * remembered: the time checks run on every use with the clock of that moment (an expired token
   * is refused, and dropped), and require-user still reads the user and the token family on every
   * request, so a sign-out or password change refuses the next request as before. A token that
   * fails the check is never kept. Bounded: the oldest entry goes first.
   */
  const signed = new Map<string, Record<string, unknown>>();
  const signedClaims = (token: string) => {
    const known = signed.get(token);
    if (known) return known;
    const claims = Object.freeze(verifiedPayload(token, key));
    if (signed.size >= SIGNED_TOKENS_KEPT) {
      const oldest = signed.keys().next().value;
      if (oldest !== undefined) signed.delete(oldest);
    }
    signed.set(token, claims);
    return claims;
  };

  const sign = (
    userId: number,
    type: 'access' | 'refresh',
    lifetime: number,
    claims: object,
    jti: string,
    issuedAt = seconds(),
  ) => {
    return new SignJWT({ ...claims, token_type: type })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + lifetime)
      .setJti(jti)
      .sign(key);
  };

  return {
    async issuePair(userId, claims, { family, jti, issuedAt }) {
      const refreshIssuedAt = issuedAt ? Math.floor(issuedAt.getTime() / 1000) : seconds();
      const [access, refresh] = await Promise.all([
        sign(userId, 'access', ACCESS_TOKEN_SECONDS, { fam: family }, randomUUID()),
        sign(userId, 'refresh', REFRESH_TOKEN_SECONDS, { ...claims, fam: family }, jti, refreshIssuedAt),
      ]);
      return { access, refresh };
    },
    async verify(token, type) {
      let claims: Record<string, unknown> | undefined;
      try {
        claims = signedClaims(token);
        checkTimes(claims, seconds());
        return readVerified(claims, type);
      } catch {
        if (claims) signed.delete(token);
        throw new InvalidTokenError(`${type} token is invalid or expired`);
      }
    },
    async issueStaff(staffId) {
      const issuedAt = seconds();
      const token = await new SignJWT({ token_type: 'staff' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(staffId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + STAFF_TOKEN_SECONDS)
        .setJti(randomUUID())
        .sign(key);
      return { token, expiresAt: new Date((issuedAt + STAFF_TOKEN_SECONDS) * 1000) };
    },
    async verifyStaff(token) {
      let claims: Record<string, unknown> | undefined;
      try {
        claims = signedClaims(token);
        checkTimes(claims, seconds());
        const staffId = Number(claims.sub);
        if (claims.token_type !== 'staff' || !Number.isSafeInteger(staffId))
          throw new Error('not a staff token');
        return staffId;
      } catch {
        if (claims) signed.delete(token);
        throw new InvalidTokenError('staff token is invalid or expired');
      }
    },
    async verifySignature(token, type) {
      try {
        return readVerified(signedClaims(token), type);
      } catch {
        throw new InvalidTokenError(`${type} token is invalid`);
      }
    },
  };
}
