import { toDecimal } from '../../src/domain/decimal';
import { MONEY_DECIMAL_PLACES } from '../../src/domain/pricing';

/**
 * Money as the wire and the tables carry it: decimal text with two places ("12.3" → "12.30").
 * PostgreSQL gives NUMERIC back with its column's scale, SQLite as stored: both answer the same text.
 * Takes decimal text only, never a JS number (money never passes through floating point); a domain
 * Decimal goes in as `toDecimalString(value)`. Parsed by the domain's exact decimal, which rejects junk.
 */
export const moneyText = (value: string): string => toDecimal(value).toFixed(MONEY_DECIMAL_PLACES);

/** Quantities without trailing zeros: "12.000" → "12", "0.500" → "0.5". */
export const quantityText = (value: string): string => toDecimal(value).toFixed();

/** COUNT(*) is a number in SQLite and a bigint string in PostgreSQL. */
export const countOf = (value: string | number | bigint | undefined) => Number(value ?? 0);
