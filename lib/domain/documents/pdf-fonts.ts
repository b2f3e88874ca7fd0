/**
 * Metrics of the two standard fonts the document PDFs use, Helvetica and Helvetica-Bold, and the
 * WinAnsi encoding they are used with. Standard fonts are never embedded (every PDF reader has
 * them), so glyph widths and kerning from Adobe's AFM files are all a writer needs to measure text.
 * pdf-lib measured text the same way (widths plus AFM kerning pairs) but carried all 14 fonts with
 * every encoding; these tables hold only what WinAnsi can reach.
 */

/** The standard fonts the writer can use. */
export type StandardFontName = 'Helvetica' | 'Helvetica-Bold';

/** The Unicode code points of WinAnsi codes 0x80 to 0x9F (0: code unused). */
const WIN_ANSI_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
  0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0, 0x017e, 0x0178,
];

const FROM_HIGH = new Map(
  WIN_ANSI_HIGH.flatMap((codePoint, i) => (codePoint ? [[codePoint, 0x80 + i]] : [])),
);

/** The WinAnsi code of a Unicode code point, or undefined when WinAnsi has no such character. */
export function winAnsiCode(codePoint: number): number | undefined {
  if ((codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff)) return codePoint;
  return FROM_HIGH.get(codePoint);
}

/** Whether WinAnsi (and so a standard font) can print the character. */
export function canEncodeWinAnsi(codePoint: number): boolean {
  return winAnsiCode(codePoint) !== undefined;
}

/** The text as WinAnsi codes; a character WinAnsi lacks becomes "?" (callers reduce text first). */
export function encodeWinAnsi(text: string): number[] {
  const codes: number[] = [];
  for (const char of text) codes.push(winAnsiCode(char.codePointAt(0) ?? 0) ?? QUESTION_MARK);
  return codes;
}

const QUESTION_MARK = 0x3f;

/** Left glyphs, the kerning amount in 1/1000 em, right glyphs: every left/right pair is kerned. */
type KerningRow = [string, number, string];

/*
 * Advance widths in 1/1000 em from the Adobe AFM files, indexed by WinAnsi code 32..255 (0: code
 * unused). 0xA0 is the space glyph and 0xAD the hyphen, as in WinAnsiEncoding.
 */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0, 556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000,
  667, 333, 1000, 0, 611, 0, 0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667,
  278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333,
  556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611, 667, 667, 667, 667, 667, 667, 1000, 722, 667, 667,
  667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667,
  611, 556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, 556, 556, 556, 556,
  556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
];
const HELVETICA_BOLD_WIDTHS = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278,
  556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584,
  556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
  333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0, 556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000,
  667, 333, 1000, 0, 611, 0, 0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667,
  278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333,
  611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611, 722, 722, 722, 722, 722, 722, 1000, 722, 667, 667,
  667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667,
  611, 556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278, 611, 611, 611, 611,
  611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
];

/* Kerning pairs from the AFM files, both glyphs in WinAnsi, grouped by amount and by left glyphs kerned alike. */
const HELVETICA_KERNING: KerningRow[] = [
  ['AÁÂÄÀÅÃ', -30, 'CÇGOÓÔÖÒØÕQuúûüù'],
  ['AÁÂÄÀÅÃ', -120, 'T'],
  ['AÁÂÄÀÅÃ', -50, 'UÚÛÜÙW'],
  ['AÁÂÄÀÅÃ', -70, 'V'],
  ['AÁÂÄÀÅÃ', -100, 'YÝŸ'],
  ['AÁÂÄÀÅÃ', -40, 'vwyýÿ'],
  ['B', -10, 'UÚÛÜÙ'],
  ['B', -20, ',.'],
  ['CÇ', -30, ',.'],
  ['D', -40, 'AÁÂÄÀÅÃW'],
  ['D', -70, 'V,.'],
  ['D', -90, 'YÝŸ'],
  ['F', -80, 'AÁÂÄÀÅÃ'],
  ['F', -50, 'aáâäàåã'],
  ['F', -150, ',.'],
  ['F', -30, 'eéêëèoóôöòøõ'],
  ['F', -45, 'r'],
  ['J', -20, 'AÁÂÄÀÅÃaáâäàåãuúûüù'],
  ['J', -30, ',.'],
  ['K', -50, 'OÓÔÖÒØÕyýÿ'],
  ['K', -40, 'eéêëèoóôöòøõ'],
  ['K', -30, 'uúûüù'],
  ['L', -110, 'TV'],
  ['L', -70, 'W'],
  ['L', -140, 'YÝŸ”'],
  ['L', -160, '’'],
  ['L', -30, 'yýÿ'],
  ['OÓÔÖÒØÕ', -20, 'AÁÂÄÀÅÃ'],
  ['OÓÔÖÒØÕ', -40, 'T,.'],
  ['OÓÔÖÒØÕ', -50, 'V'],
  ['OÓÔÖÒØÕ', -30, 'W'],
  ['OÓÔÖÒØÕ', -60, 'X'],
  ['OÓÔÖÒØÕ', -70, 'YÝŸ'],
  ['P', -120, 'AÁÂÄÀÅÃ'],
  ['P', -40, 'aáâäàåã'],
  ['P', -180, ',.'],
  ['P', -50, 'eéêëèoóôöòøõ'],
  ['Q', -10, 'UÚÛÜÙ'],
  ['R', -20, 'OÓÔÖÒØÕ'],
  ['R', -30, 'TW'],
  ['R', -40, 'UÚÛÜÙ'],
  ['R', -50, 'VYÝŸ'],
  ['SŠ', -20, ',.'],
  ['T', -120, 'AÁÂÄÀÅÃaáâäàå,eéêëoóôöòø.ruúûüùwyý'],
  ['T', -40, 'OÓÔÖÒØÕ'],
  ['T', -60, 'ãèõÿ'],
  ['T', -20, ':;'],
  ['T', -140, '-'],
  ['UÚÛÜÙ', -40, 'AÁÂÄÀÅÃ,.'],
  ['V', -80, 'AÁÂÄÀÅÃeéêëè-oóôöòøõ'],
  ['V', -40, 'GOÓÔÖÒØÕ:;'],
  ['V', -70, 'aáâäàåãuúûüù'],
  ['V', -125, ',.'],
  ['W', -50, 'AÁÂÄÀÅÃ'],
  ['W', -20, 'OÓÔÖÒØÕyýÿ'],
  ['W', -40, 'aáâäàåã-'],
  ['W', -80, ',.'],
  ['W', -30, 'eéêëèoóôöòøõuúûüù'],
  ['Y', -110, 'AÁÂÄÀÅÃuúûüù'],
  ['Y', -85, 'OÓÔÖÒØÕ'],
  ['Y', -140, 'aáâäàåã,eéêëè-oóôöòøõ.'],
  ['Y', -60, ':;'],
  ['Y', -20, 'ií'],
  ['ÝŸ', -110, 'AÁÂÄÀÅÃuúûüù'],
  ['ÝŸ', -85, 'OÓÔÖÒØÕ'],
  ['ÝŸ', -140, 'aáâäàå,eéêëè-oóôöòøõ.'],
  ['ÝŸ', -70, 'ã'],
  ['ÝŸ', -60, ':;'],
  ['ÝŸ', -20, 'ií'],
  ['aáâäàåã', -20, 'vw'],
  ['aáâäàåã', -30, 'yýÿ'],
  ['b', -10, 'b'],
  ['b', -40, ',.'],
  ['b', -20, 'luúûüùvyýÿ'],
  ['cç', -15, ','],
  ['cç', -20, 'k'],
  [':;', -50, ' '],
  [',', -100, '”’'],
  ['eéêëè', -15, ',.'],
  ['eéêëè', -30, 'vx'],
  ['eéêëè', -20, 'wyýÿ'],
  ['f', -30, 'aáâäàåã,eéêëèoóôöòøõ.'],
  ['f', 60, '”'],
  ['f', 50, '’'],
  ['g', -10, 'r'],
  ['h', -30, 'yýÿ'],
  ['k', -20, 'eéêëèoóôöòøõ'],
  ['m', -10, 'uúûüù'],
  ['m', -15, 'yýÿ'],
  ['nñ', -10, 'uúûüù'],
  ['nñ', -20, 'v'],
  ['nñ', -15, 'yýÿ'],
  ['oóôöòõ', -40, ',.'],
  ['oóôöòõ', -15, 'vw'],
  ['oóôöòõ', -30, 'xyýÿ'],
  ['ø', -55, 'aáâäàåãbcçdeéêëèfghiíîïìjklmnñoóôöòøõpqrsštuúûüùzž'],
  ['ø', -95, ',.'],
  ['ø', -70, 'vwyýÿ'],
  ['ø', -85, 'x'],
  ['p', -35, ',.'],
  ['p', -30, 'yýÿ'],
  ['.', -100, '”’'],
  ['.', -60, ' '],
  ['”', -40, ' '],
  ['‘', -57, '‘'],
  ['’', -50, 'drsš'],
  ['’', -57, '’'],
  ['’', -70, ' '],
  ['r', -10, 'aáâäàåã'],
  ['r', 30, ':p;vyýÿ'],
  ['r', -50, ',.'],
  ['r', 15, 'iíîïìkluúûüù'],
  ['r', 25, 'mnñ'],
  ['r', 40, 't'],
  ['sš', -15, ',.'],
  ['sš', -30, 'w'],
  [' ', -50, 'TV'],
  [' ', -40, 'W'],
  [' ', -90, 'YÝŸ'],
  [' ', -30, '“'],
  [' ', -60, '‘'],
  ['v', -25, 'aáâäàåãeéêëèoóôöòøõ'],
  ['v', -80, ',.'],
  ['w', -15, 'aáâäàåã'],
  ['w', -60, ',.'],
  ['w', -10, 'eéêëèoóôöòøõ'],
  ['x', -30, 'eéêëè'],
  ['yýÿ', -20, 'aáâäàåãeéêëèoóôöòøõ'],
  ['yýÿ', -100, ',.'],
  ['zž', -15, 'eéêëèoóôöòøõ'],
];
const HELVETICA_BOLD_KERNING: KerningRow[] = [
  ['AÁÂÄÀÅÃ', -40, 'CÇOÓÔÖÒØÕQv'],
  ['AÁÂÄÀÅÃ', -50, 'GUÚÛÜÙ'],
  ['AÁÂÄÀÅÃ', -90, 'T'],
  ['AÁÂÄÀÅÃ', -80, 'V'],
  ['AÁÂÄÀÅÃ', -60, 'W'],
  ['AÁÂÄÀÅÃ', -110, 'YÝŸ'],
  ['AÁÂÄÀÅÃ', -30, 'uúûüùwyýÿ'],
  ['B', -30, 'AÁÂÄÀÅÃ'],
  ['B', -10, 'UÚÛÜÙ'],
  ['D', -40, 'AÁÂÄÀÅÃVW'],
  ['D', -70, 'YÝŸ'],
  ['D', -30, ',.'],
  ['F', -80, 'AÁÂÄÀÅÃ'],
  ['F', -20, 'aáâäàåã'],
  ['F', -100, ',.'],
  ['J', -20, 'AÁÂÄÀÅÃ,.uúûüù'],
  ['K', -30, 'OÓÔÖÒØÕuúûüù'],
  ['K', -15, 'eéêëè'],
  ['K', -35, 'oóôöòøõ'],
  ['K', -40, 'yýÿ'],
  ['L', -90, 'T'],
  ['L', -110, 'V'],
  ['L', -80, 'W'],
  ['L', -120, 'YÝŸ'],
  ['L', -140, '”’'],
  ['L', -30, 'yýÿ'],
  ['OÓÔÖÒØÕ', -50, 'AÁÂÄÀÅÃVWX'],
  ['OÓÔÖÒØÕ', -40, 'T,.'],
  ['OÓÔÖÒØÕ', -70, 'YÝŸ'],
  ['P', -100, 'AÁÂÄÀÅÃ'],
  ['P', -30, 'aáâäàåãeéêëè'],
  ['P', -120, ',.'],
  ['P', -40, 'oóôöòøõ'],
  ['Q', -10, 'UÚÛÜÙ'],
  ['Q', 20, ',.'],
  ['R', -20, 'OÓÔÖÒØÕTUÚÛÜÙ'],
  ['R', -50, 'VYÝŸ'],
  ['R', -40, 'W'],
  ['T', -90, 'AÁÂÄÀÅÃuúûüù'],
  ['T', -40, 'OÓÔÖÒØÕ:;'],
  ['T', -80, 'aáâäàåã,oóôöòøõ.r'],
  ['T', -60, 'eéêëèwyýÿ'],
  ['T', -120, '-'],
  ['UÚÛÜÙ', -50, 'AÁÂÄÀÅÃ'],
  ['UÚÛÜÙ', -30, ',.'],
  ['V', -80, 'AÁÂÄÀÅÃ-'],
  ['V', -50, 'GOÓÔÖÒØÕeéêëè'],
  ['V', -60, 'aáâäàåãuúûüù'],
  ['V', -40, ':;'],
  ['V', -120, ',.'],
  ['V', -90, 'oóôöòøõ'],
  ['W', -60, 'AÁÂÄÀÅÃoóôöòøõ'],
  ['W', -20, 'OÓÔÖÒØÕyýÿ'],
  ['W', -40, 'aáâäàåã-'],
  ['W', -10, ':;'],
  ['W', -80, ',.'],
  ['W', -35, 'eéêëè'],
  ['W', -45, 'uúûüù'],
  ['YÝŸ', -110, 'AÁÂÄÀÅÃ'],
  ['YÝŸ', -70, 'OÓÔÖÒØÕ'],
  ['YÝŸ', -90, 'aáâäàåã'],
  ['YÝŸ', -50, ':;'],
  ['YÝŸ', -100, ',oóôöòøõ.uúûüù'],
  ['YÝŸ', -80, 'eéêëè'],
  ['aáâäàåã', -10, 'g'],
  ['aáâäàåã', -15, 'vw'],
  ['aáâäàåã', -20, 'yýÿ'],
  ['b', -10, 'l'],
  ['b', -20, 'uúûüùvyýÿ'],
  ['cç', -10, 'hyýÿ'],
  ['cç', -20, 'kl'],
  [':;', -40, ' '],
  [',.', -120, '”’'],
  [',.', -40, ' '],
  ['d', -10, 'd'],
  ['d', -15, 'vwyýÿ'],
  ['eéêëè', 10, ','],
  ['eéêëè', 20, '.'],
  ['eéêëè', -15, 'vwxyýÿ'],
  ['f', -10, ',eéêëè.'],
  ['f', -20, 'oóôöòøõ'],
  ['f', 30, '”’'],
  ['g', 10, 'eéêëè'],
  ['g', -10, 'g'],
  ['h', -20, 'yýÿ'],
  ['k', -15, 'oóôöòøõ'],
  ['l', -15, 'wyýÿ'],
  ['m', -20, 'uúûüù'],
  ['m', -30, 'yýÿ'],
  ['nñ', -10, 'uúûüù'],
  ['nñ', -40, 'v'],
  ['nñ', -20, 'yýÿ'],
  ['oóôöòøõ', -20, 'vyýÿ'],
  ['oóôöòøõ', -15, 'w'],
  ['oóôöòøõ', -30, 'x'],
  ['p', -15, 'yýÿ'],
  ['”', -80, ' '],
  ['‘', -46, '‘'],
  ['’', -80, 'd '],
  ['’', -20, 'lv'],
  ['’', -46, '’'],
  ['’', -40, 'r'],
  ['’', -60, 'sš'],
  ['r', -20, 'cçd-oóôöòøõq'],
  ['r', -60, ',.'],
  ['r', -15, 'gsš'],
  ['r', 20, 't'],
  ['r', 10, 'vyýÿ'],
  ['sš', -15, 'w'],
  [' ', -100, 'T'],
  [' ', -80, 'VW“'],
  [' ', -120, 'YÝŸ'],
  [' ', -60, '‘'],
  ['v', -20, 'aáâäàåã'],
  ['v', -80, ',.'],
  ['v', -30, 'oóôöòøõ'],
  ['w', -40, ',.'],
  ['w', -20, 'oóôöòøõ'],
  ['x', -10, 'eéêëè'],
  ['yýÿ', -30, 'aáâäàåã'],
  ['yýÿ', -80, ',.'],
  ['yýÿ', -10, 'eéêëè'],
  ['yýÿ', -25, 'oóôöòøõ'],
  ['zž', 10, 'eéêëè'],
];

/** Measures text set in one standard font. */
export class StandardFontMetrics {
  private kerning: Map<number, number> | undefined;

  constructor(
    readonly name: StandardFontName,
    private readonly widths: readonly number[],
    private readonly kerningRows: readonly KerningRow[],
  ) {}

  /**
   * The width of text at a font size in points: the glyph widths plus the kerning of each adjacent
   * pair, as pdf-lib measured it (its drawing, like ours, does not kern: the measure is kept equal
   * so layouts stay where they were).
   */
  widthOfTextAtSize(text: string, size: number): number {
    const kerning = this.kerningPairs();
    let total = 0;
    let previous: number | undefined;
    for (const code of encodeWinAnsi(text)) {
      const glyph = sameGlyph(code);
      total += this.widths[code - 32] ?? 0;
      if (previous !== undefined) total += kerning.get(previous * 256 + glyph) ?? 0;
      previous = glyph;
    }
    return total * (size / 1000);
  }

  private kerningPairs(): Map<number, number> {
    if (!this.kerning) {
      const pairs = new Map<number, number>();
      for (const [lefts, amount, rights] of this.kerningRows)
        for (const left of encodeWinAnsi(lefts))
          for (const right of encodeWinAnsi(rights)) pairs.set(left * 256 + right, amount);
      this.kerning = pairs;
    }
    return this.kerning;
  }
}

/** The code of the glyph a code prints: no-break space and soft hyphen are space and hyphen. */
function sameGlyph(code: number): number {
  if (code === 0xa0) return 0x20;
  if (code === 0xad) return 0x2d;
  return code;
}

/** The metrics of each standard font the writer can use. */
export const STANDARD_FONTS: Record<StandardFontName, StandardFontMetrics> = {
  Helvetica: new StandardFontMetrics('Helvetica', HELVETICA_WIDTHS, HELVETICA_KERNING),
  'Helvetica-Bold': new StandardFontMetrics('Helvetica-Bold', HELVETICA_BOLD_WIDTHS, HELVETICA_BOLD_KERNING),
};
