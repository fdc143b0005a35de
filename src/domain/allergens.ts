// Edges: allergen codes in, nothing out; the list the import checks and the client names.

/**
 * The fourteen allergens EU Regulation 1169/2011 (Annex II) requires a seller to declare, also when
 * selling at a distance, as the codes a product's `allergens` holds (comma-separated).
 */
export const ALLERGEN_CODES = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;

export type AllergenCode = (typeof ALLERGEN_CODES)[number];

export const isAllergenCode = (code: string): code is AllergenCode =>
  (ALLERGEN_CODES as readonly string[]).includes(code);

/** The codes a product's `allergens` column holds, in their order there. */
export const allergenCodesOf = (stored: string): AllergenCode[] =>
  stored
    .split(',')
    .map((code) => code.trim())
    .filter(isAllergenCode);
