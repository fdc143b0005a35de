import type { Context } from 'hono';
import { trustedForwardedEntry } from './client-address';

/**
 * Whether the client's connection was encrypted: a TLS socket of this process (@hono/node-server
 * then gives the request an https: URL), or, with TRUST_PROXY, `X-Forwarded-Proto: https` from the
 * proxy the client connected to, read like X-Forwarded-For. Without TRUST_PROXY the header is
 * ignored: anyone can send it.
 */
export function cameOverTls(c: Context, trustedProxies: number): boolean {
  if (c.req.url.startsWith('https:')) return true;
  return trustedForwardedEntry(c.req.header('X-Forwarded-Proto'), trustedProxies)?.toLowerCase() === 'https';
}
