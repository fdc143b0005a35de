/** Builds an unsigned JWT-shaped token for tests: the client only reads payloads. */
export function fakeJwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    Buffer.from(JSON.stringify(value))
      .toString('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface FakeClaims {
  name?: string;
  language?: string;
  isDemo?: boolean;
  /** seconds from now */
  expiresIn?: number;
}

export function fakeRefreshToken({
  name = 'Bea Buyer',
  language = 'en',
  isDemo = false,
  expiresIn = 7 * 86400,
}: FakeClaims = {}) {
  return fakeJwt({
    name,
    account_name: 'Acme Foods',
    is_admin: true,
    tax_applies: true,
    language,
    is_demo: isDemo,
    exp: nowSeconds() + expiresIn,
  });
}

export function fakeAccessToken(expiresIn = 300, marker = 'a') {
  return fakeJwt({ exp: nowSeconds() + expiresIn, marker });
}

export function fakeTokenPair(options: FakeClaims & { accessExpiresIn?: number; marker?: string } = {}) {
  return {
    access: fakeAccessToken(options.accessExpiresIn, options.marker),
    refresh: fakeRefreshToken(options),
  };
}
