/**
 * CSV as the product export writes it (merchant API "Export"): `;`-separated, CRLF line ends,
 * RFC 4180 quoting. Written here rather than taken from a library: it is these few lines.
 */

/** The field separator of the export's CSV. */
export const CSV_SEPARATOR = ';';

/** A field that needs quotes: it holds the separator, a quote, CR or LF (RFC 4180 §2.6). */
const NEEDS_QUOTES = /[;"\r\n]/;

/** One field: as it is, or in double quotes with each quote doubled (RFC 4180 §2.7). */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One record: its fields quoted where needed, separated by `;`, ended by CRLF. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(CSV_SEPARATOR)}\r\n`;
}
