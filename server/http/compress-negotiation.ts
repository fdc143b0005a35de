/** The content codings the server produces, in its order of preference (brotli is the smaller). */
export type ContentCoding = 'br' | 'gzip';

/**
 * The coding to answer with, out of `offered` (best first), for a request's Accept-Encoding:
 * undefined means identity. A coding with q=0 is refused, `*` stands for every coding not named,
 * and among equal q-values the server's order decides (browsers send `gzip, deflate, br` with no
 * weights, and brotli is what we want then).
 */
export function chooseCoding(
  acceptEncoding: string | undefined,
  offered: readonly ContentCoding[],
): ContentCoding | undefined {
  if (!acceptEncoding || offered.length === 0) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number.parseFloat(value ?? '');
    }
    if (!Number.isNaN(q)) weights.set(coding, q);
  }
  const wildcard = weights.get('*') ?? 0;
  let best: ContentCoding | undefined;
  let bestQ = 0;
  for (const coding of offered) {
    const q = weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? wildcard;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}
