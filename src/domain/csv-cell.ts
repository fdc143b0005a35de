// Edges: cell text in, cell text out. Pure, so both the catalogue export (domain) and the quick-order
// writer (services) use this one rule.
// Spreadsheet programs run a CSV cell that starts with = + - @ (and, in some, tab or carriage return) as a
// formula, so a CSV we write must never start a cell with one: the OWASP "CSV injection" defence of
// prefixing a single quote, which spreadsheets show as text and hide the quote of.

const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** The cell text made safe to open in a spreadsheet (the quick-order status sheet, the catalogue export). */
export function neutraliseCsvCell(text: string): string {
  const first = text.charAt(0);
  return FORMULA_TRIGGERS.has(first) ? `'${text}` : text;
}

/**
 * The inverse for reading: a cell we (or another careful exporter) neutralised comes back as its value,
 * so a status sheet re-uploaded after fixing reads the same codes and quantities.
 */
export function removeCsvNeutralisation(text: string): string {
  return text.charAt(0) === "'" && FORMULA_TRIGGERS.has(text.charAt(1)) ? text.slice(1) : text;
}

/** One field for a delimited line: neutralised, then quoted when it holds the delimiter, a quote or a break. */
export function formatCsvField(text: string, delimiter = ','): string {
  const safe = neutraliseCsvCell(text);
  const needsQuotes = safe.includes(delimiter) || /["\r\n]/.test(safe);
  return needsQuotes ? `"${safe.replace(/"/g, '""')}"` : safe;
}
