/** The interface languages, in the order the spec lists them; English is the fallback. */
export const LANGUAGES = ['en', 'tr', 'de', 'ar', 'es', 'fr', 'it', 'nn', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];

const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

/**
 * The language of a request from its Accept-Language header (the client sends the session's
 * language code): the first listed language, by quality, whose primary tag is one of ours
 * ("de-AT" → de); English when none is.
 */
export function requestLanguage(header: string | null | undefined): Language {
  if (!header) return 'en';
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      const quality = q === undefined ? 1 : Number(q);
      return { code: tag.trim().toLowerCase().split('-')[0] ?? '', quality, index };
    })
    .filter((range) => range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranges.map((range) => range.code).find(isLanguage) ?? 'en';
}
