import { canEncodeWinAnsi, type StandardFontName } from './pdf-fonts';
import { A4, type PdfPage, type PdfWriter, type Rgb, rgb } from './pdf-writer';

/**
 * Small layout helpers over the PDF writer for order documents: text at x/y, right-aligned and
 * shrink-to-fit text, word wrapping, rules, and pages. Only the standard Helvetica fonts are used
 * (no font files in the bundle), so every string is first reduced to what WinAnsi can encode.
 */

/** A4 in PDF points. */
export const PAGE_SIZE: [number, number] = A4;

/** The printable area: text runs from LEFT to RIGHT, and body content stays above BOTTOM. */
export const LEFT = 57;
export const RIGHT = PAGE_SIZE[0] - 57;
export const TOP = PAGE_SIZE[1] - 42;
export const BOTTOM = 78;

export const BLACK = rgb(0, 0, 0);
export const GREY = rgb(0.4, 0.4, 0.4);
export const LIGHT = rgb(0.8, 0.8, 0.8);

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: Rgb;
}

/** Close ASCII forms for letters that Unicode does not decompose. */
const FALLBACK: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
  Ŀ: 'L',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
};

/** Where text is drawn and which strings were drawn (the callback lets tests read the page). */
export class PdfCanvas {
  private current: PdfPage | undefined;

  constructor(
    readonly pdf: PdfWriter,
    private readonly onText?: (text: string) => void,
  ) {}

  /** The pages drawn so far, in order. */
  get pages(): readonly PdfPage[] {
    return this.pdf.pages;
  }

  /** The page being drawn on. */
  get page(): PdfPage {
    if (!this.current) throw new Error('no page added yet');
    return this.current;
  }

  /** Starts a new A4 page and draws on it from now on. */
  addPage(): void {
    this.current = this.pdf.addPage(PAGE_SIZE);
  }

  /** Draws on an earlier page again (page footers are drawn once the page count is known). */
  usePage(index: number): void {
    this.current = this.pages[index] ?? this.current;
  }

  /**
   * The text reduced to WinAnsi: unsupported letters lose their accents ("ź" → "z") or take a close
   * ASCII form ("Ł" → "L"), other whitespace becomes a space, anything else becomes "?".
   */
  printable(text: string): string {
    let out = '';
    for (const char of text) out += this.printableChar(char);
    return out;
  }

  private printableChar(char: string): string {
    if (canEncodeWinAnsi(char.codePointAt(0) ?? 0)) return char;
    if (/\s/.test(char)) return ' ';
    const fallback = FALLBACK[char];
    if (fallback) return fallback;
    const base = [...char.normalize('NFKD')].filter((c) => canEncodeWinAnsi(c.codePointAt(0) ?? 0)).join('');
    return base || '?';
  }

  /** Width of (printable) text in a style. */
  width(text: string, style: TextStyle): number {
    return this.pdf.font(this.font(style)).widthOfTextAtSize(this.printable(text), style.size);
  }

  /** Draws text with its baseline at x/y. */
  text(text: string, x: number, y: number, style: TextStyle): void {
    const printable = this.printable(text);
    if (!printable.trim()) return;
    this.page.drawText(printable, {
      x,
      y,
      size: style.size,
      font: this.font(style),
      color: style.color ?? BLACK,
    });
    this.onText?.(printable);
  }

  /** Draws text ending at `right`. */
  textRight(text: string, right: number, y: number, style: TextStyle): void {
    this.text(text, right - this.width(text, style), y, style);
  }

  /** Draws text ending at `right`, shrunk just enough to fit `maxWidth` (long figures stay whole). */
  textRightFit(text: string, right: number, y: number, maxWidth: number, style: TextStyle): void {
    this.textRight(text, right, y, this.fitted(text, maxWidth, style));
  }

  /** Draws text from x, shrunk just enough to fit `maxWidth`. */
  textFit(text: string, x: number, y: number, maxWidth: number, style: TextStyle): void {
    this.text(text, x, y, this.fitted(text, maxWidth, style));
  }

  private fitted(text: string, maxWidth: number, style: TextStyle): TextStyle {
    const width = this.width(text, style);
    return width <= maxWidth ? style : { ...style, size: (style.size * maxWidth) / width };
  }

  /**
   * Splits text into lines no wider than `width`: at spaces, and inside words that are wider than a
   * line on their own. At most `maxLines` lines; a cut last line ends in "…".
   */
  wrap(text: string, width: number, style: TextStyle, maxLines = Number.POSITIVE_INFINITY): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of this.printable(text).split(' ').filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate, style) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      for (const piece of this.breakWord(word, width, style)) {
        if (line) lines.push(line);
        line = piece;
      }
    }
    if (line) lines.push(line);
    return lines.length > maxLines ? this.cut(lines.slice(0, maxLines), width, style) : lines;
  }

  /** Pieces of a word, each fitting `width` (the last one possibly shorter). */
  private breakWord(word: string, width: number, style: TextStyle): string[] {
    const pieces: string[] = [];
    let piece = '';
    for (const char of word) {
      if (piece && this.width(piece + char, style) > width) {
        pieces.push(piece);
        piece = '';
      }
      piece += char;
    }
    return [...pieces, piece];
  }

  private cut(lines: string[], width: number, style: TextStyle): string[] {
    let last = lines.pop() ?? '';
    while (last && this.width(`${last}…`, style) > width) last = last.slice(0, -1);
    return [...lines, `${last.trimEnd()}…`];
  }

  /** Draws lines of text downwards from baseline y; answers the baseline after the last line. */
  lines(lines: string[], x: number, y: number, leading: number, style: TextStyle): number {
    let baseline = y;
    for (const line of lines) {
      this.text(line, x, baseline, style);
      baseline -= leading;
    }
    return baseline;
  }

  /** A horizontal rule. */
  rule(x1: number, x2: number, y: number, thickness = 0.5, color: Rgb = LIGHT): void {
    this.page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness, color });
  }

  private font(style: TextStyle): StandardFontName {
    return style.bold ? 'Helvetica-Bold' : 'Helvetica';
  }
}
