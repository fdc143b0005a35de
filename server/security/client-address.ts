import type { Context } from 'hono';

/**
 * The peer address of the TCP connection. Forwarded headers are ignored on purpose: anyone can
 * send them, and trusting them would let an attacker dodge the sign-in throttle.
 */
export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
