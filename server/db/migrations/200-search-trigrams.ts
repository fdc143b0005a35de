import { type Kysely, type Migration, SqliteAdapter, sql } from 'kysely';
import { searchTokens } from '../../search/fold-text';
import type { ColumnTypes } from '../column-types';
import type { Database } from '../schema';

/**
 * A search that finds parts of words and forgives a typo.
 * - search_words holds every word of letters (three or more) among the search tokens: a few
 *   thousand words where the tokens are hundreds of thousands of rows, so a lookup inside words
 *   or within one typo of a word reads the vocabulary, and the products are then found through
 *   the tokens' primary key as for any word start.
 * - A trigram index over it answers "words containing …": pg_trgm's GIN index on PostgreSQL (a
 *   trusted extension: the database owner may create it), an FTS5 table with the trigram tokenizer
 *   on SQLite.
 * - Triggers on product_search_tokens keep the vocabulary, whoever writes the tokens (the seed, an
 *   import, a test). Words are never removed: a word no product has any more finds no product,
 *   and removing it safely would need to know that no other writer is adding it at that moment.
 * - Products named with ä, ö or ü get their words also spelled ae, oe, ue ("kaese"), as
 *   searchTokens now gives them to new products. This uses the code's own searchTokens, so that
 *   the tokens of products written before and after this migration are the same.
 */
export function searchTrigrams(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('search_words')
        .addColumn('word', types.key, (c) => c.primaryKey())
        .execute();
      if (db.getExecutor().adapter instanceof SqliteAdapter) {
        await sql`create virtual table search_words_trigram using fts5(word, tokenize = 'trigram')`.execute(
          db,
        );
        // The FTS rows share the words' rowids, so a removed word can be found again.
        for (const statement of sqliteTriggers) await sql.raw(statement).execute(db);
      } else {
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index search_words_trigram on search_words using gin (word gin_trgm_ops)`.execute(
          db,
        );
        // Statement triggers with the written rows as a table: the seed writes 400,000 tokens in
        // a few statements, and a row trigger would run its insert 400,000 times.
        await sql`create function search_words_from_tokens() returns trigger language plpgsql as $$
          begin
            insert into search_words (word)
              select distinct token from written_tokens where token ~ '^[a-z]{3,}$' order by 1
              on conflict do nothing;
            return null;
          end $$`.execute(db);
        for (const event of ['insert', 'update'])
          await sql
            .raw(
              `create trigger search_words_after_token_${event} after ${event} on product_search_tokens
                referencing new table as written_tokens for each statement execute function search_words_from_tokens()`,
            )
            .execute(db);
      }
      const letterWord =
        db.getExecutor().adapter instanceof SqliteAdapter
          ? sql.raw(SQLITE_LETTER_WORD('token'))
          : sql`token ~ '^[a-z]{3,}$'`;
      await sql`insert into search_words (word)
        select distinct token from product_search_tokens where ${letterWord}`.execute(db);
      await addUmlautSpellings(db as Kysely<Database>);
    },
    async down(db: Kysely<unknown>) {
      // The umlaut spellings stay among the tokens: an older server matches them as any word.
      if (db.getExecutor().adapter instanceof SqliteAdapter) {
        for (const name of ['tokens_insert', 'tokens_update', 'words_insert', 'words_delete'])
          await sql.raw(`drop trigger search_words_${name}`).execute(db);
        await sql`drop table search_words_trigram`.execute(db);
      } else {
        for (const event of ['insert', 'update'])
          await sql
            .raw(`drop trigger search_words_after_token_${event} on product_search_tokens`)
            .execute(db);
        await sql`drop function search_words_from_tokens()`.execute(db);
      }
      await db.schema.dropTable('search_words').execute();
    },
  };
}

const SQLITE_LETTER_WORD = (column: string) => `${column} not glob '*[^a-z]*' and length(${column}) >= 3`;

const sqliteTriggers = [
  `create trigger search_words_tokens_insert after insert on product_search_tokens
    when ${SQLITE_LETTER_WORD('new.token')}
    begin insert or ignore into search_words (word) values (new.token); end`,
  `create trigger search_words_tokens_update after update of token on product_search_tokens
    when ${SQLITE_LETTER_WORD('new.token')}
    begin insert or ignore into search_words (word) values (new.token); end`,
  `create trigger search_words_words_insert after insert on search_words
    begin insert into search_words_trigram (rowid, word) values (new.rowid, new.word); end`,
  `create trigger search_words_words_delete after delete on search_words
    begin delete from search_words_trigram where rowid = old.rowid; end`,
];

const BATCH = 500;

async function addUmlautSpellings(db: Kysely<Database>) {
  const products = await db
    .selectFrom('products')
    .select(['id', 'name', 'stock_code', 'barcode'])
    .orderBy('id')
    .execute();
  const rows = products
    .filter((product) => /[äöü]/.test(product.name.normalize('NFC').toLowerCase()))
    .flatMap((product) =>
      searchTokens({ name: product.name, stockCode: product.stock_code, barcode: product.barcode }).map(
        (token) => ({ token, product_id: product.id }),
      ),
    );
  for (let start = 0; start < rows.length; start += BATCH)
    await db
      .insertInto('product_search_tokens')
      .values(rows.slice(start, start + BATCH))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
}
