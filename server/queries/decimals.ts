import { ExactDecimal } from '../../src/domain/decimal';

/** PostgreSQL gives NUMERIC back with its column's scale, SQLite as stored: answer the same text. */
export const moneyText = (value: string | number) => new ExactDecimal(value).toFixed(2);

/** Quantities without trailing zeros: "12.000" → "12", "0.500" → "0.5". */
export const quantityText = (value: string | number) => new ExactDecimal(value).toFixed();

/** COUNT(*) is a number in SQLite and a bigint string in PostgreSQL. */
export const countOf = (value: string | number | bigint | undefined) => Number(value ?? 0);
