import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { compactCode, foldedWords } from './fold-text';
import { type WordVariants, wordVariants } from './search-words';

export const SEARCH_RESULT_LIMIT = 50;
const MAX_WORDS = 8;
export const MAX_QUERY_LENGTH = 200;
// Tokens and name keys hold only [0-9a-z ]; '{' sorts right after 'z', so [word, word + '{')
// is exactly "starts with word", a range the (token, product_id) primary key answers directly.
const AFTER_LAST_KEY_CHARACTER = '{';

// A one- or two-letter word is the start of tens of thousands of tokens; ranking them all took
// 20 ms. Past this many tokens a walk in name order finds 50 matches sooner than the ranking.
const SHORT_WORD_LENGTH = 2;
const COMMON_PREFIX_TOKENS = 5000;
// Products one walk in name order looks at before it leaves the answer to the ranking.
const WALK_BUDGET = 25_000;

/** Products having a word that starts with `word`: a range scan on the tokens' primary key. */
export function productsWithWordPrefix(db: Kysely<Database>, word: string) {
  return db
    .selectFrom('product_search_tokens')
    .select('product_id')
    .where('token', '>=', word)
    .where('token', '<', word + AFTER_LAST_KEY_CHARACTER);
}

/**
 * Product ids for a search box query, best first:
 * 1. an exact stock code or barcode;
 * 2. products having every word of the query as the start of a word of their name, stock code or
 *    barcode (names that start with the whole query first);
 * 3. products where some word of the query is only inside a word ("wasser" in "Mineralwasser"),
 *    from three letters on;
 * 4. products where some word of the query, of five letters or more, starts a word only with
 *    one typo ("mineralwaser", "pomes").
 * Within each, alphabetically. Case and diacritics are ignored ("kase" finds "Käse"), and ä, ö, ü
 * may be typed ae, oe, ue. The query is only ever a bound parameter.
 */
export async function searchProductIds(
  db: Kysely<Database>,
  query: string,
  limit = SEARCH_RESULT_LIMIT,
): Promise<number[]> {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const exact = await exactCodeMatches(db, query, limit);
  const [firstWord = '', ...otherWords] = words;

  let byWords =
    otherWords.length === 0 && firstWord.length <= SHORT_WORD_LENGTH && (await isCommonPrefix(db, firstWord))
      ? await oneWordMatchesInNameOrder(db, firstWord, limit)
      : await wordStartMatches(db, words, limit);
  // Word starts rank first: when they fill the answer, parts of words and typos are not looked up.
  if (byWords.length < limit) {
    const variants = await wordVariantsOf(db, words);
    if (hasVariants(variants)) byWords = await matchesWithVariants(db, words, variants, limit);
  }

  return [...new Set([...exact, ...byWords])].slice(0, limit);
}

/**
 * Every product the search box query matches, in the same order as searchProductIds (which is its
 * first `limit`): the results page (`GET /products/?q=`) pages through all of them. The walk in
 * name order only pays off for a few results, so the ranking answers here.
 */
export async function searchAllProductIds(db: Kysely<Database>, query: string): Promise<number[]> {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const exact = await exactCodeMatches(db, query, null);
  return [...new Set([...exact, ...(await rankedWordMatches(db, words, null))])];
}

const queryWords = (query: string) =>
  [...new Set(foldedWords(query.slice(0, MAX_QUERY_LENGTH)))].slice(0, MAX_WORDS);

/** Products whose stock code or barcode is the query, in id order; `limit` null for all. */
async function exactCodeMatches(db: Kysely<Database>, query: string, limit: number | null) {
  const code = compactCode(query.slice(0, MAX_QUERY_LENGTH));
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where((eb) => eb.or([eb('stock_code_key', '=', code), eb('barcode', '=', code)]))
    .orderBy('id')
    .$if(limit !== null, (q) => q.limit(limit ?? 0))
    .execute();
  return rows.map((row) => row.id);
}

const phraseFirst = (words: readonly string[]) => {
  const phrase = words.join(' ');
  return sql`case when name_key >= ${phrase} and name_key < ${phrase + AFTER_LAST_KEY_CHARACTER} then 0 else 1 end`;
};

/**
 * Products having every word as the start of one of their tokens, names that start with the
 * whole phrase first, then by (name_key, id): the first rank of rankedWordMatches, alone. Reads
 * every matching token.
 */
async function wordStartMatches(db: Kysely<Database>, words: readonly string[], limit: number | null) {
  // INTERSECT reads each word's range once; a chain of IN subqueries let planners probe one
  // range per candidate row, which got slow on PostgreSQL with a long first range.
  const [firstWord = '', ...otherWords] = words;
  let wanted = productsWithWordPrefix(db, firstWord);
  for (const word of otherWords) wanted = wanted.intersect(productsWithWordPrefix(db, word));
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('id', 'in', wanted)
    .orderBy(phraseFirst(words))
    .orderBy('name_key')
    .orderBy('id')
    .$if(limit !== null, (q) => q.limit(limit ?? 0))
    .execute();
  return rows.map((row) => row.id);
}

/** How a word of the query matched a product: the lower, the better. */
const WORD_START = 0;
const INSIDE_A_WORD = 1;
const ONE_TYPO = 2;

/**
 * The general ranking: products matching every word, by the worst way one of their words
 * matched (word start, inside a word, one typo), then names that start with the whole phrase,
 * then (name_key, id).
 */
export async function rankedWordMatches(
  db: Kysely<Database>,
  words: readonly string[],
  limit: number | null,
) {
  const variants = await wordVariantsOf(db, words);
  return hasVariants(variants)
    ? matchesWithVariants(db, words, variants, limit)
    : wordStartMatches(db, words, limit);
}

async function wordVariantsOf(db: Kysely<Database>, words: readonly string[]) {
  const variants: WordVariants[] = [];
  for (const word of words) variants.push(await wordVariants(db, word));
  return variants;
}

const hasVariants = (variants: readonly WordVariants[]) =>
  variants.some(({ inside, typo }) => inside.length > 0 || typo.length > 0);

/**
 * rankedWordMatches once words inside others and typos were looked up in the vocabulary
 * (wordVariants): this statement reads the tokens' primary key only, ranges for word starts and
 * single tokens for the rest.
 */
async function matchesWithVariants(
  db: Kysely<Database>,
  words: readonly string[],
  variants: readonly WordVariants[],
  limit: number | null,
) {
  const matching = (index: number, word: string) => {
    const { inside = [], typo = [] } = variants[index] ?? {};
    const byWay = (way: number) =>
      db
        .selectFrom('product_search_tokens')
        .select(['product_id', sql.lit(index).as('word'), sql.lit(way).as('way')]);
    let rows = byWay(WORD_START)
      .where('token', '>=', word)
      .where('token', '<', word + AFTER_LAST_KEY_CHARACTER);
    if (inside.length > 0) rows = rows.unionAll(byWay(INSIDE_A_WORD).where('token', 'in', inside));
    if (typo.length > 0) rows = rows.unionAll(byWay(ONE_TYPO).where('token', 'in', typo));
    return rows;
  };
  let all = matching(0, words[0] ?? '');
  for (const [index, word] of words.entries()) if (index > 0) all = all.unionAll(matching(index, word));
  // per product and word the best way, then per product the worst of its words' ways
  const perWord = db
    .selectFrom(all.as('m'))
    .select((eb) => ['m.product_id', 'm.word', eb.fn.min('m.way').as('way')])
    .groupBy(['m.product_id', 'm.word']);
  const perProduct = db
    .selectFrom(perWord.as('w'))
    .select((eb) => ['w.product_id', eb.fn.max('w.way').as('way')])
    .groupBy('w.product_id')
    .having((eb) => eb.fn.countAll(), '=', words.length);
  const rows = await db
    .selectFrom('products')
    .innerJoin(perProduct.as('r'), 'r.product_id', 'products.id')
    .select('products.id')
    .orderBy('r.way')
    .orderBy(phraseFirst(words))
    .orderBy('products.name_key')
    .orderBy('products.id')
    .$if(limit !== null, (q) => q.limit(limit ?? 0))
    .execute();
  return rows.map((row) => row.id);
}

/** Whether at least COMMON_PREFIX_TOKENS tokens start with `word`: an index range read that stops there. */
async function isCommonPrefix(db: Kysely<Database>, word: string) {
  const { n } = await db
    .selectFrom(productsWithWordPrefix(db, word).limit(COMMON_PREFIX_TOKENS).as('t'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n) >= COMMON_PREFIX_TOKENS;
}

/**
 * The same answer as rankedWordMatches for one word, read in the order it is ranked and stopped at
 * `limit`: first the names starting with the word (a range of the name_key index, already in
 * order), then the names before and after that range, in name_key order, keeping those with a
 * token starting with the word (one probe of the (product_id, token) index each). A common prefix
 * usually has a match every few products, but its matches can also sit far down the alphabet
 * ("te" is in every tea's stock code, and the teas' brands start with e…); each walk therefore
 * looks at `budget` products at most, and when that was not enough the ranking answers instead.
 */
export async function oneWordMatchesInNameOrder(
  db: Kysely<Database>,
  word: string,
  limit: number,
  budget = WALK_BUDGET,
): Promise<number[]> {
  const after = word + AFTER_LAST_KEY_CHARACTER;
  const named = await db
    .selectFrom('products')
    .select('id')
    .where('name_key', '>=', word)
    .where('name_key', '<', after)
    .orderBy('name_key')
    .orderBy('id')
    .limit(limit)
    .execute();
  const ids = named.map((row) => row.id);
  for (const [operator, bound] of [
    ['<', word],
    ['>=', after],
  ] as const) {
    const wanted = limit - ids.length;
    if (wanted <= 0) break;
    const walked = db
      .selectFrom('products')
      .select(['id', 'name_key'])
      .where('name_key', operator, bound)
      .orderBy('name_key')
      .orderBy('id')
      .limit(budget);
    const rows = await db
      .selectFrom(walked.as('w'))
      .select('w.id')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('product_search_tokens as t')
            .select('t.product_id')
            .whereRef('t.product_id', '=', 'w.id')
            .where('t.token', '>=', word)
            .where('t.token', '<', after)
            // OFFSET keeps PostgreSQL from turning the probe into a hash join over the whole
            // token range (it flattens a plain EXISTS); SQLite needs a LIMIT before an OFFSET.
            .limit(1)
            .offset(0),
        ),
      )
      .orderBy('w.name_key')
      .orderBy('w.id')
      .limit(wanted)
      .execute();
    ids.push(...rows.map((row) => row.id));
    if (rows.length < wanted && (await hasMoreThan(db, operator, bound, budget)))
      return rankedWordMatches(db, [word], limit);
  }
  return ids;
}

/** Whether more than `budget` names are on that side of `bound`: read from the index, stopping there. */
async function hasMoreThan(db: Kysely<Database>, operator: '<' | '>=', bound: string, budget: number) {
  const { n } = await db
    .selectFrom(
      db
        .selectFrom('products')
        .select('id')
        .where('name_key', operator, bound)
        .limit(budget + 1)
        .as('s'),
    )
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n) > budget;
}
