import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService, InvalidTokenError } from '../../server/security/tokens';

const SECRET = 'token-verification-secret-0123456789abcdef';
const key = new TextEncoder().encode(SECRET);
const claims = {
  name: 'Buyer',
  account_name: 'Lindenhof',
  is_admin: false,
  tax_applies: true,
  language: 'en',
  is_demo: false,
  can_review_flows: false,
};
const at = new Date('2026-03-02T10:00:00Z');
const epoch = Math.floor(at.getTime() / 1000);
const ticket = { family: 'family-1', jti: 'refresh-1' };

const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token signed with the service's secret, whatever its header and claims say. */
const handMade = (header: object, payload: object) => {
  const input = `${segment(header)}.${segment(payload)}`;
  return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
};
const accessClaims = (extra: object = {}) => ({
  sub: '7',
  token_type: 'access',
  fam: 'family-1',
  jti: 'access-1',
  iat: epoch,
  exp: epoch + 300,
  ...extra,
});

describe('token verification', () => {
  const service = (clock: Date = at) => createTokenService(SECRET, () => clock);

  it('accepts its own pair and reads user, family and token id', async () => {
    const { access, refresh } = await service().issuePair(7, claims, ticket);
    await expect(service().verify(access, 'access')).resolves.toMatchObject({
      userId: 7,
      family: 'family-1',
    });
    await expect(service().verify(refresh, 'refresh')).resolves.toEqual({
      userId: 7,
      family: 'family-1',
      jti: 'refresh-1',
    });
  });

  it('accepts a token signed by jose with the same secret (tokens issued before the change)', async () => {
    const token = await new SignJWT({ token_type: 'access', fam: 'family-1' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('7')
      .setIssuedAt(epoch)
      .setExpirationTime(epoch + 300)
      .setJti('access-1')
      .sign(key);
    await expect(service().verify(token, 'access')).resolves.toMatchObject({ userId: 7 });
  });

  it('expires at exp exactly, and verifySignature still reads an expired token', async () => {
    const { access } = await service().issuePair(7, claims, ticket);
    const atExpiry = new Date(at.getTime() + 300_000);
    await expect(service(new Date(atExpiry.getTime() - 1000)).verify(access, 'access')).resolves.toBeTruthy();
    await expect(service(atExpiry).verify(access, 'access')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(service(atExpiry).verifySignature(access, 'access')).resolves.toMatchObject({ userId: 7 });
  });

  it.each([
    [
      'another secret',
      async () =>
        createTokenService('another-secret-0123456789abcdefghij', () => at)
          .issuePair(7, claims, ticket)
          .then((pair) => pair.access),
    ],
    [
      'an edited payload',
      async () => {
        const [header, , signature] = (await service().issuePair(7, claims, ticket)).access.split('.');
        return `${header}.${segment(accessClaims({ sub: '1' }))}.${signature}`;
      },
    ],
    ['alg none', async () => `${segment({ alg: 'none' })}.${segment(accessClaims())}.`],
    ['an HS512 header over an HS256 signature', async () => handMade({ alg: 'HS512' }, accessClaims())],
    ['a crit extension', async () => handMade({ alg: 'HS256', crit: ['b64'], b64: false }, accessClaims())],
    ['no exp', async () => handMade({ alg: 'HS256' }, { ...accessClaims(), exp: undefined })],
    ['a text exp', async () => handMade({ alg: 'HS256' }, accessClaims({ exp: String(epoch + 300) }))],
    ['nbf in the future', async () => handMade({ alg: 'HS256' }, accessClaims({ nbf: epoch + 60 }))],
    ['a payload that is no object', async () => handMade({ alg: 'HS256' }, [accessClaims()])],
    ['a refresh token', async () => (await service().issuePair(7, claims, ticket)).refresh],
    ['no family', async () => handMade({ alg: 'HS256' }, accessClaims({ fam: '' }))],
    [
      'two segments',
      async () => (await service().issuePair(7, claims, ticket)).access.split('.').slice(0, 2).join('.'),
    ],
    ['a padded signature', async () => `${(await service().issuePair(7, claims, ticket)).access}=`],
  ])('refuses an access token with %s', async (_case, make) => {
    await expect(service().verify(await make(), 'access')).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('accepts a hand-made token with nbf reached and the right claims (the checks above are not blanket refusals)', async () => {
    const token = handMade({ alg: 'HS256', typ: 'JWT' }, accessClaims({ nbf: epoch }));
    await expect(service().verify(token, 'access')).resolves.toEqual({
      userId: 7,
      family: 'family-1',
      jti: 'access-1',
    });
  });
});
