import { type Stats, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { type ContentCoding, chooseCoding } from './compress-negotiation';

/** The suffix the build's precompression (vite-plugins/precompress.ts) gives each variant. */
const VARIANT_SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };
const CODINGS: readonly ContentCoding[] = ['br', 'gzip'];

/** Text-like types a variant may exist for; images, fonts and archives are compressed already. */
const isCompressibleType = (type: string) =>
  /^text\/|^application\/(javascript|json|xml|manifest\+json)|\+xml|\+json/.test(type);

const statFile = (path: string): Stats | undefined => {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The file a request path names inside `root`, or undefined for a path that could leave it or
 * that names a hidden file (dist/.vite holds the build manifest, which is nobody's business).
 */
export function fileInRoot(root: string, requestPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\\') || decoded.includes('\0') || /\/\/|(^|\/)\./.test(decoded)) return undefined;
  return join(root, decoded);
}

/**
 * Answers with `file` (an absolute path that exists or not; undefined when it does not) in the
 * representation the request accepts: its `.br` or `.gz` variant written at build time when there
 * is one, with the original's Content-Type, the variant's length, `Vary: Accept-Encoding`, and a
 * validator per representation so a cache never mixes them up, and `cacheControl`. @hono/node-server's serveStatic has
 * a `precompressed` option, but it matches Accept-Encoding tokens literally (so `br;q=1` or
 * `gzip;q=0.8` never compress), sends `Vary` only on compressed answers (a shared cache could
 * then hand the identity bytes to everyone) and no ETag: hence this handler.
 */
export async function serveFile(
  c: Context,
  file: string,
  cacheControl: string,
): Promise<Response | undefined> {
  const original = statFile(file);
  if (!original) return undefined;
  // set before the Response exists: a header added to a finished one makes @hono/node-server
  // rebuild it around a stream and lose its direct write of the bytes
  c.header('Cache-Control', cacheControl);
  const type = getMimeType(file) ?? 'application/octet-stream';
  let path = file;
  let stats = original;
  let coding: ContentCoding | undefined;
  if (isCompressibleType(type)) {
    c.header('Vary', 'Accept-Encoding');
    const variants = new Map<ContentCoding, Stats>();
    for (const candidate of CODINGS) {
      const variant = statFile(file + VARIANT_SUFFIX[candidate]);
      if (variant) variants.set(candidate, variant);
    }
    coding = chooseCoding(c.req.header('Accept-Encoding'), [...variants.keys()]);
    if (coding) {
      path = file + VARIANT_SUFFIX[coding];
      stats = variants.get(coding) ?? original;
    }
  }
  const etag = `"${Math.trunc(original.mtimeMs).toString(36)}-${stats.size.toString(36)}${coding ? `-${coding}` : ''}"`;
  c.header('ETag', etag);
  c.header('Last-Modified', original.mtime.toUTCString());
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return c.body(null, 304);
  }
  c.header('Content-Type', type);
  if (coding) c.header('Content-Encoding', coding);
  c.header('Content-Length', String(stats.size));
  if (c.req.method === 'HEAD') return c.body(null, 200);
  return c.body(new Uint8Array(await readFile(path)), 200);
}
