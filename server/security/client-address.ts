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
  const hops = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (hops.length === 0) return peer;
  return hops[Math.max(hops.length - trustedProxies, 0)] ?? peer;
}
