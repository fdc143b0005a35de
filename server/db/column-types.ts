import { type ColumnDefinitionBuilder, type RawBuilder, sql } from 'kysely';
import type { DialectName } from './connect';

/**
 * The few column types that differ between the engines. SQLite would turn a NUMERIC column's
 * "1.50" into the float 1.5, so exact decimals are TEXT there; PostgreSQL has a real NUMERIC.
 * Search keys use the "C" collation in PostgreSQL so that prefix range scans and ORDER BY
 * compare bytes, as SQLite does.
 */
export interface ColumnTypes {
  money: RawBuilder<unknown>;
  /** a negotiated price per piece, which may have four places (0.3425): never rounded on the way in */
  unitPrice: RawBuilder<unknown>;
  quantity: RawBuilder<unknown>;
  key: RawBuilder<unknown>;
  /** bytes (a file's content): BLOB in SQLite, BYTEA in PostgreSQL; both read back as a Buffer */
  binary: RawBuilder<unknown>;
  /** an integer primary key that also accepts explicit ids (the seed sets them) */
  serialId: (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
}

export function columnTypesFor(dialect: DialectName): ColumnTypes {
  if (dialect === 'postgres') {
    return {
      money: sql`numeric(14, 2)`,
      unitPrice: sql`numeric(14, 4)`,
      quantity: sql`numeric(14, 3)`,
      key: sql`text collate "C"`,
      binary: sql`bytea`,
      serialId: (col) => col.primaryKey().generatedByDefaultAsIdentity(),
    };
  }
  return {
    money: sql`text`,
    unitPrice: sql`text`,
    quantity: sql`text`,
    key: sql`text`,
    binary: sql`blob`,
    serialId: (col) => col.primaryKey(),
  };
}
