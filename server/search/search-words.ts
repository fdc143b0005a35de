import { type ExpressionBuilder, type Kysely, SqliteAdapter, sql } from 'kysely';
import type { Database } from '../db/schema';
import { startsWithOneTypo } from './one-typo';

/** A trigram is the least a trigram index can look up: shorter words match word starts only. */
export const MIN_INFIX_LENGTH = 3;
/** In shorter words one changed letter is too often another word ("kase" and "kasa", "tee" and "tea"). */
export const MIN_TYPO_LENGTH = 5;
// Tokens hold only [0-9a-z]; '{' sorts right after 'z' (see search-products.ts).
const AFTER_LAST_KEY_CHARACTER = '{';

/** Only words of letters are in search_words (migration 200): codes and barcodes match by their start. */
const isLetterWord = (word: string) => /^[a-z]+$/.test(word);

/** The words of the catalogue, other than those starting with it, that a query word also matches. */
export interface WordVariants {
  /** words containing the query word (compound words: "wasser" in "mineralwasser") */
  inside: string[];
  /** words starting with the query word but for one typo, and not containing it */
  typo: string[];
}

const NO_VARIANTS: WordVariants = { inside: [], typo: [] };

/**
 * Looks the query word up in the catalogue's vocabulary (search_words: every word of letters of
 * the products' names and codes). The index only finds candidates; which of them match is decided
 * here, by the same rules on either engine, so both answer the same words.
 *
 * A word within one typo of the query starts with the query's first two letters (the typo comes
 * later), or with its first and third letter (the second and third swapped), or else contains the
 * query from its third letter on (the typo was in the first two): two ranges of the primary key
 * and one trigram lookup find every such word.
 */
export async function wordVariants(db: Kysely<Database>, word: string): Promise<WordVariants> {
  if (word.length < MIN_INFIX_LENGTH || !isLetterWord(word)) return NO_VARIANTS;
  const typos = word.length >= MIN_TYPO_LENGTH;
  const rows = await db
    .selectFrom('search_words')
    .select('word')
    .where((eb) => {
      if (!typos) return containing(db, eb, word);
      const first = word.slice(0, 2);
      const swapped = `${word[0] ?? ''}${word[2] ?? ''}`;
      return eb.and([
        eb(eb.fn('length', ['word']), '>=', word.length - 1),
        eb.or([
          eb.and([eb('word', '>=', first), eb('word', '<', first + AFTER_LAST_KEY_CHARACTER)]),
          eb.and([eb('word', '>=', swapped), eb('word', '<', swapped + AFTER_LAST_KEY_CHARACTER)]),
          containing(db, eb, word.slice(2)),
        ]),
      ]);
    })
    .execute();
  const inside: string[] = [];
  const typo: string[] = [];
  for (const { word: candidate } of rows) {
    if (candidate.startsWith(word)) continue;
    if (candidate.includes(word)) inside.push(candidate);
    else if (typos && startsWithOneTypo(word, candidate)) typo.push(candidate);
  }
  return { inside: inside.sort(), typo: typo.sort() };
}

/**
 * Vocabulary words containing `part` (at least three letters), through the trigram index: SQLite's
 * FTS5 table with the trigram tokenizer, PostgreSQL's pg_trgm GIN index under LIKE. `part` holds
 * only letters, so it needs no quoting in either pattern.
 */
function containing(db: Kysely<Database>, eb: ExpressionBuilder<Database, 'search_words'>, part: string) {
  if (db.getExecutor().adapter instanceof SqliteAdapter)
    return eb(
      'word',
      'in',
      sql<string>`(select word from search_words_trigram where search_words_trigram match ${`"${part}"`})`,
    );
  return eb('word', 'like', `%${part}%`);
}
