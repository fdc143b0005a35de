import type { SessionClaims } from '../../../src/domain/types';
import type { SignedIn } from '../../../src/services/api';
import { ApiError } from '../../../src/services/api';
import { someClaims } from '../../../src/test/builders';

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** A token the client can read (it never checks signatures; the server does). */
export function unsignedJwt(payload: object): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

/** The main user of a tax-paying company, in English (a normal buyer: no demo, no flow review). */
export const buyerClaims = someClaims({
  name: 'Berta Buyer',
  accountName: 'Corner Shop Ltd',
  isAdmin: true,
  taxApplies: true,
  language: 'en',
});

export const demoClaims: SessionClaims = {
  ...buyerClaims,
  name: 'Demo User',
  accountName: 'Demo',
  isDemo: true,
  canReviewFlows: false,
};

export function signedInAs(claims: SessionClaims): SignedIn {
  return {
    tokens: { access: unsignedJwt({ exp: inOneHour() }), refresh: unsignedJwt({ exp: claims.exp }) },
    claims,
  };
}

/** A failed POST /token/ as the API client reports it. */
export function loginFailure(fields: {
  status: number;
  detail?: string;
  code?: string;
  retryAfterSeconds?: number;
}) {
  return new ApiError({ kind: 'http', call: 'POST token/', ...fields }, `POST token/: HTTP ${fields.status}`);
}
