import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { proxy } from 'hono/proxy';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { clientAddress } from '../security/client-address';
import { cameOverTls } from '../security/request-over-tls';

export interface UpstreamProxyOptions {
  /** where this router is mounted on the portal's host, e.g. /api */
  mountPath: string;
  /** what that path stands for on the supplier's host, e.g. https://erp.example/api */
  upstream: URL;
  /** TRUST_PROXY: whether the X-Forwarded-* headers we received may be passed on */
  trustProxy: number;
  /** the largest request body passed on; bigger ones are answered 413 here */
  maxBodyBytes: number;
  /** the upstream's fetch (tests put an app there) */
  fetch?: typeof fetch;
}

// Hop-by-hop headers (RFC 9110 7.6.1) describe one connection, not the request: never passed on.
// Host names this server; the upstream's is taken from its URL.
const NOT_FORWARDED = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
];

/**
 * The request's headers as the upstream gets them: everything the portal sends (Authorization,
 * Accept-Language, Cookie with the upstream's csrftoken, X-CSRFToken, Idempotency-Key, Content-Type)
 * but the hop-by-hop ones, and the X-Forwarded-* trio saying who really asked, so the upstream's own
 * throttling and links see the customer rather than this server.
 */
function forwardedHeaders(c: Context, trustProxy: number): Headers {
  const headers = new Headers(c.req.raw.headers);
  const named = (headers.get('connection') ?? '').split(',').map((name) => name.trim().toLowerCase());
  for (const name of [...NOT_FORWARDED, ...named]) if (name) headers.delete(name);
  const peer = clientAddress(c, 0);
  const chain = trustProxy > 0 ? c.req.header('X-Forwarded-For') : undefined;
  headers.set('X-Forwarded-For', chain ? `${chain}, ${peer}` : peer);
  headers.set('X-Forwarded-Proto', cameOverTls(c, trustProxy) ? 'https' : 'http');
  const host = c.req.header('Host');
  if (host) headers.set('X-Forwarded-Host', host);
  return headers;
}

/**
 * The upstream's cookies, made the portal host's: a Domain naming the supplier's host would make
 * the browser drop the cookie. A Path under the upstream's prefix moves under the mount path; any
 * other Path covered more than the prefix there, so it becomes `/` here: the portal reads the
 * csrftoken cookie from document.cookie on every page, which a Path of /api would hide.
 */
export function cookieForPortal(setCookie: string, upstreamPath: string, mountPath: string): string {
  return setCookie
    .split(';')
    .filter((part) => !/^\s*domain\s*=/i.test(part))
    .map((part) => {
      const path = /^(\s*path\s*=\s*)(.*)$/i.exec(part);
      if (!path) return part;
      const [, key = '', value = ''] = path;
      const under = upstreamPath !== '' && (value === upstreamPath || value.startsWith(`${upstreamPath}/`));
      return `${key}${under ? `${mountPath}${value.slice(upstreamPath.length)}` : '/'}`;
    })
    .join(';');
}

/**
 * A router mounted at `mountPath` that passes each request on to `upstream` (the reference server
 * in front of the supplier's backend, docs/deploying.md): same origin for the browser, so no CORS
 * and the upstream's CSRF cookie works as it would on its own host. An upstream that cannot be
 * reached is answered 502 with a JSON detail, like any other API error.
 */
export function upstreamProxy({
  mountPath,
  upstream,
  trustProxy,
  maxBodyBytes,
  fetch,
}: UpstreamProxyOptions) {
  const routes = new Hono();
  const base = upstream.href.endsWith('/') ? upstream.href : `${upstream.href}/`;
  const upstreamPath = new URL(base).pathname.replace(/\/$/, '');
  const limitBody = bodyLimit({
    maxSize: maxBodyBytes,
    onError: (c) => c.json({ detail: 'The request body is too large.', code: 'payload_too_large' }, 413),
  });
  routes.use('*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  );

  routes.all('*', async (c) => {
    const incoming = new URL(c.req.url);
    const rest = incoming.pathname.slice(mountPath.length).replace(/^\//, '');
    const target = new URL(`${base}${rest}${incoming.search}`);
    // A %2e%2e segment is resolved by the URL parser: never let it climb out of the upstream's prefix.
    if (!`${target.pathname}/`.startsWith(`${upstreamPath}/`))
      return c.json({ detail: 'Not found.', code: 'no_such_call' }, 404);
    let answer: Response;
    try {
      answer = await proxy(target, {
        raw: c.req.raw,
        headers: forwardedHeaders(c, trustProxy),
        ...(fetch ? { customFetch: fetch } : {}),
      });
    } catch (error) {
      if (!c.req.raw.signal.aborted)
        console.error(
          `${c.req.method} ${c.req.path}: the upstream ${upstream.origin} did not answer:`,
          error,
        );
      return c.json(
        { detail: 'The supplier’s system could not be reached. Try again shortly.', code: 'bad_gateway' },
        502,
      );
    }
    const headers = new Headers(answer.headers);
    // The portal host's own security headers (already on the context) stand; the upstream's do not replace them.
    for (const [name] of c.res.headers) headers.delete(name);
    headers.delete('set-cookie');
    for (const cookie of answer.headers.getSetCookie())
      headers.append('set-cookie', cookieForPortal(cookie, upstreamPath, mountPath));
    // c.body rather than the Response itself: it keeps the security headers already set on the context.
    const init = { status: answer.status as ContentfulStatusCode, headers };
    return answer.body ? c.body(answer.body, init) : c.body(null, init);
  });
  return routes;
}
