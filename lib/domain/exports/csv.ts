/**
 * CSV as the product export writes it (docs/catalog.md "Export"): `;`-separated, CRLF line ends,
 * RFC 4180 quoting. Written here rather than taken from a library: it is these few lines.
 */

/** The field separator of the export's CSV. */
export const CSV_SEPARATOR = ';';

/** A field that needs quotes: it holds the separator, a quote, CR or LF (RFC 4180 §2.6). */
const NEEDS_QUOTES = /[;"\r\n]/;

/**
 * A cell a spreadsheet would run as a formula when the file is opened (`=HYPERLINK(…)`, `@SUM(…)`,
 * `+cmd|…`): one that starts with `=`, `+`, `-`, `@`, a tab or a CR. Plain numbers (a negative stock
 * level) stay numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?$/;

/**
 * One field: as it is, or in double quotes with each quote doubled (RFC 4180 §2.7); a would-be
 * formula gets a leading `'`, which spreadsheets show as text and do not run (OWASP "CSV injection").
 */
export function csvField(value: string): string {
  const inert = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** One record: its fields quoted where needed, separated by `;`, ended by CRLF. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(CSV_SEPARATOR)}\r\n`;
}
