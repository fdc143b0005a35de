import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { textMemo } from '../http/text-memo';
import { currentRequestLanguage } from '../i18n/request-language';
import { retiredProductIds } from '../queries/product-visibility';
import { CatalogueMemo } from './catalogue-version';
import { foldedWords } from './fold-text';
import {
  MAX_QUERY_LENGTH,
  SEARCH_RESULT_LIMIT,
  searchAllProductIds,
  searchProductIds,
} from './search-products';

const searches = new CatalogueMemo<readonly number[]>(1_000);

/**
 * searchProductIds, remembered per folded query while the catalogue version holds (names, codes
 * and tokens change at run time only through a seed or an import; the version's triggers see
 * every such write). Only ids are kept: stock, prices and campaign prices are read fresh for every
 * answer. The ids depend on the folded words alone, so "Käse" and "kase" share one entry.
 */
export function cachedSearchProductIds(
  db: Kysely<Database>,
  version: string,
  query: string,
): Promise<readonly number[]> {
  return searches.get(db, version, foldedQuery(query), async () =>
    withoutRetired(db, version, await searchProductIds(db, query, SEARCH_RESULT_LIMIT)),
  );
}

/** Search reads tokens and names only; a retired product keeps them, and no customer may find it. */
async function withoutRetired(db: Kysely<Database>, version: string, ids: number[]): Promise<number[]> {
  const retired = await retiredProductIds(db, version);
  return retired.size === 0 ? ids : ids.filter((id) => !retired.has(id));
}

const allMatches = new CatalogueMemo<Int32Array>(64);

/**
 * Every match of a query in rank order (the results page's relevance order), remembered like
 * cachedSearchProductIds: 4 bytes an id, so even a one-letter query matching most of the
 * catalogue is a couple of hundred kilobytes.
 */
export function cachedAllSearchProductIds(
  db: Kysely<Database>,
  version: string,
  query: string,
): Promise<Int32Array> {
  return allMatches.get(db, version, foldedQuery(query), async () =>
    Int32Array.from(await withoutRetired(db, version, await searchAllProductIds(db, query))),
  );
}

/**
 * The folded words of a query (at most MAX_QUERY_LENGTH characters of it), kept per query text:
 * every search request folds its query for the answer's key, and customers type the same words.
 */
const foldedByQuery = textMemo<string>(2_000);

export function foldedQuery(query: string): string {
  const text = query.slice(0, MAX_QUERY_LENGTH);
  return foldedByQuery(text, () => foldedWords(text).join(' '));
}

/**
 * The key of a kept search answer: the folded query and the request's language, in which the
 * category names are given; for a company in assortments, also the assortments' key
 * (product-visibility.ts), so an answer is only ever served to companies that see the same products.
 */
export const searchAnswerKey = (query: string, assortmentKey?: string) =>
  `${assortmentKey === undefined ? '' : `${assortmentKey} `}${currentRequestLanguage()} ${foldedQuery(query)}`;
