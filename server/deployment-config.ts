/**
 * Where the portal's API lives and who may call this server's API: API_BASE, API_UPSTREAM,
 * IMAGE_ORIGIN and CORS_ORIGINS (docs/deploying.md). One place reads them, because /config.json,
 * the security policy and the proxy must agree: an API the policy does not allow is an API the
 * browser never reaches.
 */
export interface DeploymentConfig {
  /** what /config.json tells the portal: a path on this host (default /api) or another origin's URL */
  apiBase: string;
  /** API_UPSTREAM: /api/* is proxied there and this server's own API and media are not used */
  apiUpstream: URL | undefined;
  /** origins the portal's calls may go to besides its own (CSP connect-src) */
  connectOrigins: string[];
  /** origins product images, banners and logos may come from besides the portal's own (CSP img-src) */
  imageOrigins: string[];
  /** CORS_ORIGINS: portal origins on other hosts that may call this server's API */
  corsOrigins: string[];
}

export const DEFAULT_API_BASE = '/api';

const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

/** An http(s) URL without user, query or fragment; `what` says what else the setting may be. */
function absoluteUrl(name: string, raw: string, what: string): URL {
  const refuse = () => new Error(`${name} must be ${what} (no user, query or fragment), got "${raw}"`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse();
  }
  if (!isHttp(url) || url.username || url.password || url.search || url.hash) throw refuse();
  return url;
}

const API_BASE_IS = 'a path such as /api or a URL such as https://erp.example/api';

/** A path on the portal's host, or an absolute URL of the backend's host. */
function apiBaseOf(raw: string | undefined): { apiBase: string; apiOrigin: string | undefined } {
  const value = raw?.trim();
  if (!value) return { apiBase: DEFAULT_API_BASE, apiOrigin: undefined };
  if (value.startsWith('/') && !value.startsWith('//')) {
    if (!/^\/[A-Za-z0-9._~/-]*$/.test(value))
      throw new Error(`API_BASE must be ${API_BASE_IS}, got "${raw}"`);
    return { apiBase: value.replace(/\/+$/, '') || '/', apiOrigin: undefined };
  }
  const url = absoluteUrl('API_BASE', value, API_BASE_IS);
  return { apiBase: url.href.replace(/\/+$/, ''), apiOrigin: url.origin };
}

/** A comma- or space-separated list of origins (scheme, host and port; a trailing slash is allowed). */
function originsOf(name: string, raw: string | undefined, example: string): string[] {
  const origins: string[] = [];
  for (const entry of (raw ?? '').split(/[\s,]+/).filter(Boolean)) {
    if (entry === '*')
      throw new Error(`${name} must name origins such as ${example}; "*" would let any site in`);
    const url = absoluteUrl(name, entry, `origins such as ${example}`);
    if (url.pathname !== '/')
      throw new Error(`${name} must name origins such as ${example}, without a path, got "${entry}"`);
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

/** Reads the deployment's settings; a bad one throws, naming it, so the server does not start. */
export function readDeploymentConfig(env: NodeJS.ProcessEnv): DeploymentConfig {
  const { apiBase, apiOrigin } = apiBaseOf(env.API_BASE);
  const upstreamRaw = env.API_UPSTREAM?.trim();
  const apiUpstream = upstreamRaw
    ? absoluteUrl('API_UPSTREAM', upstreamRaw, 'an http(s) URL such as https://erp.example/api')
    : undefined;
  const corsOrigins = originsOf('CORS_ORIGINS', env.CORS_ORIGINS, 'https://portal.example');
  if (apiUpstream && apiBase !== DEFAULT_API_BASE)
    throw new Error(
      `API_UPSTREAM is proxied at ${DEFAULT_API_BASE} on this host: leave API_BASE unset (it is "${env.API_BASE}")`,
    );
  if (apiUpstream && corsOrigins.length > 0)
    throw new Error('CORS_ORIGINS opens this server’s own API, which API_UPSTREAM replaces: set one of them');
  const imageOrigins = originsOf('IMAGE_ORIGIN', env.IMAGE_ORIGIN, 'https://cdn.example');
  // Without IMAGE_ORIGIN the backend's host is where its image URLs most likely point.
  const backendOrigin = apiOrigin ?? apiUpstream?.origin;
  return {
    apiBase,
    apiUpstream,
    connectOrigins: apiOrigin ? [apiOrigin] : [],
    imageOrigins: imageOrigins.length > 0 ? imageOrigins : backendOrigin ? [backendOrigin] : [],
    corsOrigins,
  };
}
