import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { compactCode, foldedWords } from './fold-text';

export const SEARCH_RESULT_LIMIT = 50;
const MAX_WORDS = 8;
const MAX_QUERY_LENGTH = 200;
// Tokens and name keys hold only [0-9a-z ]; '{' sorts right after 'z', so [word, word + '{')
// is exactly "starts with word", a range the (token, product_id) primary key answers directly.
const AFTER_LAST_KEY_CHARACTER = '{';

/** Products having a word that starts with `word`: a range scan on the tokens' primary key. */
export function productsWithWordPrefix(db: Kysely<Database>, word: string) {
  return db
    .selectFrom('product_search_tokens')
    .select('product_id')
    .where('token', '>=', word)
    .where('token', '<', word + AFTER_LAST_KEY_CHARACTER);
}

/**
 * Product ids for a search box query, best first: an exact stock code or barcode, then products
 * having every word of the query as the start of a word of their name, stock code or barcode
 * (names that start with the whole query first, then alphabetically). Case and diacritics are
 * ignored ("kase" finds "Käse"). The query is only ever a bound parameter.
 */
export async function searchProductIds(
  db: Kysely<Database>,
  query: string,
  limit = SEARCH_RESULT_LIMIT,
): Promise<number[]> {
  const text = query.slice(0, MAX_QUERY_LENGTH);
  const words = [...new Set(foldedWords(text))].slice(0, MAX_WORDS);
  if (words.length === 0) return [];
  const code = compactCode(text);

  const exact = await db
    .selectFrom('products')
    .select('id')
    .where((eb) => eb.or([eb('stock_code_key', '=', code), eb('barcode', '=', code)]))
    .orderBy('id')
    .limit(limit)
    .execute();

  const phrase = words.join(' ');
  // INTERSECT reads each word's range once; a chain of IN subqueries let planners probe one
  // range per candidate row, which got slow on PostgreSQL with a long first range.
  const [firstWord = '', ...otherWords] = words;
  let wanted = productsWithWordPrefix(db, firstWord);
  for (const word of otherWords) wanted = wanted.intersect(productsWithWordPrefix(db, word));
  const matching = db.selectFrom('products').select('id').where('id', 'in', wanted);
  const byWords = await matching
    .orderBy(
      sql`case when name_key >= ${phrase} and name_key < ${phrase + AFTER_LAST_KEY_CHARACTER} then 0 else 1 end`,
    )
    .orderBy('name_key')
    .orderBy('id')
    .limit(limit)
    .execute();

  const ids = [...new Set([...exact.map((row) => row.id), ...byWords.map((row) => row.id)])];
  return ids.slice(0, limit);
}
