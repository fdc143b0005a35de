import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { CONTENT_SECURITY_POLICY } from './security-headers';

/** The hash source (CSP level 2) of each inline `<script>` in `html`, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The portal's policy with `script-src` also allowing exactly these inline scripts, nothing else inline. */
export function policyAllowing(hashes: readonly string[], policy = CONTENT_SECURITY_POLICY): string {
  if (hashes.length === 0) return policy;
  return policy.replace(/script-src [^;]*/, (sources) => `${sources} ${hashes.join(' ')}`);
}

/**
 * The policy for the built index.html, whose one inline script starts the portal after the splash has
 * painted (vite-plugins/preload-first-paint.ts). Read again only when the file changes (a new build
 * under a running server), so a navigation costs a stat, not a read and a hash.
 */
export function indexPolicy(indexFile: string, policy = CONTENT_SECURITY_POLICY): () => string {
  let seen: { mtimeMs: number; size: number; policy: string } | undefined;
  return () => {
    let stats: { mtimeMs: number; size: number };
    try {
      stats = statSync(indexFile);
    } catch {
      return policy;
    }
    if (seen?.mtimeMs !== stats.mtimeMs || seen.size !== stats.size)
      seen = {
        ...stats,
        policy: policyAllowing(inlineScriptHashes(readFileSync(indexFile, 'utf8')), policy),
      };
    return seen.policy;
  };
}
