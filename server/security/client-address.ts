import type { Context } from 'hono';

/** The peer address of the TCP connection, as @hono/node-server hands it over. */
function socketPeer(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/**
 * The client's address for throttling. By default the socket peer: forwarded headers are ignored,
 * because anyone can send them and trusting them would let an attacker dodge the sign-in throttle.
 *
 * Behind reverse proxies, `trustedProxies` (TRUST_PROXY) says how many there are. Each appends the
 * address it received the request from to X-Forwarded-For, so the client is that many hops from the
 * right: with 1 proxy the last entry, with 2 the one before it. Entries further left were written by
 * the client and are never believed. A header shorter than that takes its leftmost entry; a missing
 * header falls back to the socket peer.
 */
export function clientAddress(c: Context, trustedProxies = 0): string {
  const peer = socketPeer(c);
  if (trustedProxies <= 0) return peer;
  return trustedForwardedEntry(c.req.header('X-Forwarded-For'), trustedProxies) ?? peer;
}

/**
 * The entry of a comma-separated X-Forwarded-* header that the outermost of `trustedProxies`
 * proxies (the one the client connected to) appended: that many entries from the right, or the
 * leftmost of a shorter header (a proxy that replaces the header rather than appending to it).
 * Undefined when nothing is trusted or the header is missing or empty.
 */
export function trustedForwardedEntry(
  header: string | undefined,
  trustedProxies: number,
): string | undefined {
  if (trustedProxies <= 0) return undefined;
  const hops = (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (hops.length === 0) return undefined;
  return hops[Math.max(hops.length - trustedProxies, 0)];
}
