import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { textMemo } from '../http/text-memo';

/** The nine languages catalogue texts are kept in, as the `languages` table codes them. */
export const catalogueLanguages = ['en', 'tr', 'de', 'ar', 'es', 'fr', 'it', 'nn', 'sv'] as const;
export type CatalogueLanguage = (typeof catalogueLanguages)[number];

/** The language of the stored base texts, and the answer when nothing else fits. */
export const FALLBACK_LANGUAGE: CatalogueLanguage = 'en';

const supported = new Set<string>(catalogueLanguages);

/**
 * Primary subtags that name a supported language under another code: generic Norwegian (`no`)
 * and Bokmål (`nb`) readers get Nynorsk, which they read far more easily than English.
 */
const aliases: Record<string, CatalogueLanguage> = { no: 'nn', nb: 'nn' };

const QUALITY = /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/i;

/**
 * The language to answer in, from an `Accept-Language` header (RFC 9110 §12.5.4): the entries
 * are ranked by their q-value (1 when absent; equal values keep the header's order), and the
 * first one whose primary subtag is supported wins, so `de-CH` → `de` and
 * `xx, fr;q=0.9` → `fr`. `q=0` rules a language out; `*` stands for the fallback. A missing,
 * malformed or unsupported header answers English.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): CatalogueLanguage {
  if (!header) return FALLBACK_LANGUAGE;
  const ranked: { tag: string; quality: number; position: number }[] = [];
  header.split(',').forEach((entry, position) => {
    const [rawTag = '', ...parameters] = entry.split(';').map((part) => part.trim());
    if (!rawTag) return;
    let quality = 1;
    for (const parameter of parameters) {
      if (!/^q=/i.test(parameter)) continue;
      quality = QUALITY.test(parameter) ? Number(parameter.slice(2)) : Number.NaN;
    }
    if (!(quality > 0)) return;
    ranked.push({ tag: rawTag.toLowerCase(), quality, position });
  });
  ranked.sort((a, b) => b.quality - a.quality || a.position - b.position);
  for (const { tag } of ranked) {
    if (tag === '*') return FALLBACK_LANGUAGE;
    const primary = tag.split(/[-_]/)[0] ?? '';
    if (supported.has(primary)) return primary as CatalogueLanguage;
    const alias = aliases[primary];
    if (alias) return alias;
  }
  return FALLBACK_LANGUAGE;
}

const requestLanguageStore = new AsyncLocalStorage<CatalogueLanguage>();

/** languageFromAcceptLanguage per header text: a browser sends the same header with every request. */
const languageByHeader = textMemo<CatalogueLanguage>(200, 256);

function languageOfHeader(header: string | undefined): CatalogueLanguage {
  if (!header) return FALLBACK_LANGUAGE;
  return languageByHeader(header, () => languageFromAcceptLanguage(header));
}

/**
 * Reads the request's language from `Accept-Language`, once per request (mounted once for the
 * whole API in server/app.ts), and makes it available to routes and to the queries shared by many
 * routes alike through `currentRequestLanguage()`; marks the answers as depending on
 * `Accept-Language` for caches. Nothing else parses the header.
 */
export const requestLanguageContext: MiddlewareHandler = async (c, next) => {
  const language = languageOfHeader(c.req.header('Accept-Language'));
  // Set before next(): a header added to a finished answer makes Hono rebuild it around a
  // stream, and @hono/node-server then loses its direct write (measured under load).
  c.header('Vary', 'Accept-Language', { append: true });
  await requestLanguageStore.run(language, next);
};

/**
 * The language of the request being answered, as `requestLanguageContext` read it; English
 * outside a request (seed, scripts). The one way a route or a query learns the language.
 */
export function currentRequestLanguage(): CatalogueLanguage {
  return requestLanguageStore.getStore() ?? FALLBACK_LANGUAGE;
}
