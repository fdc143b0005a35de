// Edges: takes a language code and decimal amounts, returns the CSV delimiter and the amount's cell text.
import type { DecimalInput } from './decimal';
import { formatMoneyAmount, moneyFormatFor } from './money-format';

export interface CsvNumberFormat {
  /** ';' where the decimal separator is a comma, ',' otherwise */
  delimiter: ',' | ';';
  decimalSeparator: string;
}

/**
 * How a CSV file for a reader of `language` writes numbers (spec point 9's formats): the app's
 * decimal separator for that language, so a spreadsheet set to the same language reads the cells
 * as numbers. Where that separator is a comma, the fields are separated by semicolons, which is
 * what Excel expects (and writes) in those locales; a comma-separated file would split every
 * amount in two there.
 */
export function csvNumberFormatFor(language: string): CsvNumberFormat {
  const { decimalSeparator } = moneyFormatFor(language);
  return { delimiter: decimalSeparator === ',' ? ';' : ',', decimalSeparator };
}

/**
 * An amount as a CSV cell: rounded by the app's money rule (formatMoneyAmount), with the
 * language's decimal separator and nothing else: no thousands separator and no currency symbol,
 * which would turn the cell into text in a spreadsheet.
 */
export function csvAmount(amount: DecimalInput, decimalPlaces: number, format: CsvNumberFormat): string {
  return formatMoneyAmount(amount, decimalPlaces, {
    decimalSeparator: format.decimalSeparator,
    thousandsSeparator: '',
    pattern: '{{price}} {{currency}}',
  });
}
