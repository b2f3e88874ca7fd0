import { inflateSync } from 'node:zlib';

/** The decompressed content stream of each page, as one-byte characters. */
export function pageContents(bytes: Uint8Array): string[] {
  const file = Buffer.from(bytes);
  const text = file.toString('latin1');
  return [...text.matchAll(/\/Length (\d+) \/Filter \/FlateDecode >>\nstream\n/g)].map((match) => {
    const start = (match.index ?? 0) + match[0].length;
    return inflateSync(file.subarray(start, start + Number(match[1]))).toString('latin1');
  });
}

const UNESCAPE: Record<string, string> = { n: '\n', r: '\r', '\\': '\\', '(': '(', ')': ')' };
/** WinAnsi (cp1252) bytes 0x80–0x9f; the rest of the range is Latin-1. */
const WIN_ANSI_HIGH =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';
const winAnsi = (latin1: string) =>
  latin1.replace(/[\x80-\x9f]/g, (c) => WIN_ANSI_HIGH[c.charCodeAt(0) - 0x80] ?? c);

/**
 * Every string the API's PDF writer draws (`(...) Tj`), in page order, decoded from WinAnsi: what a
 * reader of the document sees, without a text-extraction library.
 */
export function pdfTexts(bytes: Uint8Array): string[] {
  return pageContents(bytes).flatMap((content) =>
    [...content.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((match) => {
      const raw = (match[1] ?? '').replace(/\\(.)/g, (_, c: string) => UNESCAPE[c] ?? c);
      return winAnsi(raw);
    }),
  );
}
