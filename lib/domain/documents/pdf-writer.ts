import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { encodeWinAnsi, STANDARD_FONTS, type StandardFontMetrics, type StandardFontName } from './pdf-fonts';

/**
 * A small PDF 1.7 writer for what order documents draw: text in the standard fonts Helvetica and
 * Helvetica-Bold (WinAnsi, not embedded), lines and filled rectangles in grey or colour, on pages of
 * any size, plus the document information and language. It replaces pdf-lib at run time, which
 * tripled the bundle of the documents function. Nothing random or time-dependent goes into the file:
 * the same drawing always gives the same bytes.
 */

/** A colour, each component from 0 to 1. */
export interface Rgb {
  readonly red: number;
  readonly green: number;
  readonly blue: number;
}

/** A colour from its red, green and blue components (0 to 1). */
export function rgb(red: number, green: number, blue: number): Rgb {
  return { red, green, blue };
}

/** A4 in PDF points. */
export const A4: [number, number] = [595.28, 841.89];

export interface TextOptions {
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  font: StandardFontName;
  /** Black unless given. */
  color?: Rgb;
}

export interface LineOptions {
  start: { x: number; y: number };
  end: { x: number; y: number };
  thickness: number;
  /** Black unless given. */
  color?: Rgb;
}

export interface RectangleOptions {
  x: number;
  y: number;
  width: number;
  height: number;
  color: Rgb;
}

/** The document information dictionary, and the catalog's language. */
export interface DocumentInfo {
  title?: string;
  author?: string;
  subject?: string;
  producer?: string;
  creationDate?: Date;
  modificationDate?: Date;
  /** A BCP 47 tag ("de-DE"), written as the catalog's /Lang. */
  language?: string;
}

/** The resource name of each font on every page. */
const FONT_KEYS: Record<StandardFontName, string> = { Helvetica: 'F1', 'Helvetica-Bold': 'F2' };

/** One page: its size and the drawing operators of its content stream. */
export class PdfPage {
  private readonly operators: string[] = [];
  /** The fonts drawn with on this page. */
  readonly fonts = new Set<StandardFontName>();

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** Draws one line of text with its baseline at x/y (no kerning, as pdf-lib drew). */
  drawText(text: string, { x, y, size, font, color = BLACK }: TextOptions): void {
    this.fonts.add(font);
    this.operators.push(
      'BT',
      `/${FONT_KEYS[font]} ${num(size)} Tf`,
      fillColor(color),
      `${num(x)} ${num(y)} Td`,
      `${literalString(winAnsiBytes(text))} Tj`,
      'ET',
    );
  }

  /** Draws a straight line. */
  drawLine({ start, end, thickness, color = BLACK }: LineOptions): void {
    this.operators.push(
      strokeColor(color),
      `${num(thickness)} w`,
      `${num(start.x)} ${num(start.y)} m`,
      `${num(end.x)} ${num(end.y)} l`,
      'S',
    );
  }

  /** Fills a rectangle whose lower left corner is at x/y. */
  drawRectangle({ x, y, width, height, color }: RectangleOptions): void {
    this.operators.push(fillColor(color), `${num(x)} ${num(y)} ${num(width)} ${num(height)} re`, 'f');
  }

  /** The content stream's bytes (WinAnsi text is one byte a character). */
  content(): Buffer {
    return Buffer.from(this.operators.join('\n'), 'latin1');
  }
}

/** A PDF document being drawn; `save` writes it. */
export class PdfWriter {
  readonly pages: PdfPage[] = [];
  private info: DocumentInfo = {};

  /** The metrics of a standard font, for measuring text before drawing it. */
  font(name: StandardFontName): StandardFontMetrics {
    return STANDARD_FONTS[name];
  }

  /** Adds a page at the end (A4 unless given) and answers it. */
  addPage([width, height]: [number, number] = A4): PdfPage {
    const page = new PdfPage(width, height);
    this.pages.push(page);
    return page;
  }

  /** Sets document information; what is given replaces what was set. */
  setInfo(info: DocumentInfo): void {
    this.info = { ...this.info, ...info };
  }

  /**
   * The document as PDF bytes: catalog, page tree, information, fonts, then each page with its
   * Flate-compressed content, a cross-reference table and the trailer.
   */
  save(): Uint8Array {
    const objects = new ObjectList();
    const catalog = objects.reserve();
    const pageTree = objects.reserve();
    const info = objects.add(infoDictionary(this.info));
    const used = (Object.keys(FONT_KEYS) as StandardFontName[]).filter((font) =>
      this.pages.some((page) => page.fonts.has(font)),
    );
    const fonts = used
      .map((font) => `/${FONT_KEYS[font]} ${objects.add(fontDictionary(font))} 0 R`)
      .join(' ');
    const kids = this.pages.map((page) => {
      const content = page.content();
      const compressed = deflateSync(content);
      const stream = objects.addStream(`<< /Length ${compressed.length} /Filter /FlateDecode >>`, compressed);
      return objects.add(
        `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] ` +
          `/Resources << /Font << ${fonts} >> /ProcSet [/PDF /Text] >> /Contents ${stream} 0 R >>`,
      );
    });
    objects.set(
      pageTree,
      `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`,
    );
    const language = this.info.language ? ` /Lang ${textString(this.info.language)}` : '';
    objects.set(catalog, `<< /Type /Catalog /Pages ${pageTree} 0 R${language} >>`);
    return objects.write(`/Root ${catalog} 0 R /Info ${info} 0 R`);
  }
}

/** Numbered indirect objects, written in number order with their byte offsets. */
class ObjectList {
  private readonly bodies: Buffer[] = [];

  /** A number for an object whose body is set later (the page tree needs its pages' numbers). */
  reserve(): number {
    this.bodies.push(Buffer.alloc(0));
    return this.bodies.length;
  }

  set(id: number, body: string): void {
    this.bodies[id - 1] = Buffer.from(body, 'latin1');
  }

  add(body: string): number {
    const id = this.reserve();
    this.set(id, body);
    return id;
  }

  addStream(dictionary: string, data: Buffer): number {
    const id = this.reserve();
    this.bodies[id - 1] = Buffer.concat([
      Buffer.from(`${dictionary}\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream', 'latin1'),
    ]);
    return id;
  }

  /**
   * The file: header (with a binary comment line, so transfers treat it as binary), the objects, the
   * cross-reference table of 20-byte entries, and the trailer with a file id hashed from the content.
   */
  write(trailerEntries: string): Uint8Array {
    const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
    let length = chunks[0]?.length ?? 0;
    const offsets = this.bodies.map((body, index) => {
      const offset = length;
      const object = Buffer.concat([
        Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
        body,
        Buffer.from('\nendobj\n', 'latin1'),
      ]);
      chunks.push(object);
      length += object.length;
      return offset;
    });
    const id = createHash('md5').update(Buffer.concat(chunks)).digest('hex').toUpperCase();
    const xref = [
      'xref',
      `0 ${offsets.length + 1}`,
      '0000000000 65535 f ',
      ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
      'trailer',
      `<< /Size ${offsets.length + 1} ${trailerEntries} /ID [<${id}> <${id}>] >>`,
      'startxref',
      String(length),
      '%%EOF',
      '',
    ].join('\n');
    chunks.push(Buffer.from(xref, 'latin1'));
    return new Uint8Array(Buffer.concat(chunks));
  }
}

const BLACK = rgb(0, 0, 0);

/** The text's WinAnsi codes as a one-byte-a-character string. */
function winAnsiBytes(text: string): string {
  return encodeWinAnsi(text)
    .map((code) => String.fromCharCode(code))
    .join('');
}

function fontDictionary(font: StandardFontName): string {
  return `<< /Type /Font /Subtype /Type1 /BaseFont /${font} /Encoding /WinAnsiEncoding >>`;
}

function infoDictionary(info: DocumentInfo): string {
  const entries: [string, string | undefined][] = [
    ['Title', info.title],
    ['Author', info.author],
    ['Subject', info.subject],
    ['Producer', info.producer],
    ['CreationDate', info.creationDate && pdfDate(info.creationDate)],
    ['ModDate', info.modificationDate && pdfDate(info.modificationDate)],
  ];
  const present = entries.flatMap(([key, value]) =>
    value === undefined ? [] : [`/${key} ${textString(value)}`],
  );
  return `<< ${present.join(' ')} >>`;
}

/** "D:20240315100000Z": a date in UTC, as PDF dates are written. */
function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 19).replace(/[-T:]/g, '')}Z`;
}

/**
 * A PDF text string: printable ASCII as a literal string, anything else as UTF-16BE with a byte
 * order mark, so metadata keeps characters that the fonts cannot print.
 */
function textString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return literalString(text);
  const utf16 = Buffer.from(`\ufeff${text}`, 'utf16le').swap16();
  return `<${utf16.toString('hex').toUpperCase()}>`;
}

/** A literal string of one-byte characters, with backslash, parentheses and line ends escaped. */
function literalString(bytes: string): string {
  return `(${bytes.replace(/[\\()\r\n]/g, (char) => LITERAL_ESCAPES[char] ?? char)})`;
}

const LITERAL_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '(': '\\(',
  ')': '\\)',
  '\r': '\\r',
  '\n': '\\n',
};

function fillColor({ red, green, blue }: Rgb): string {
  return red === green && green === blue ? `${num(red)} g` : `${num(red)} ${num(green)} ${num(blue)} rg`;
}

function strokeColor({ red, green, blue }: Rgb): string {
  return red === green && green === blue ? `${num(red)} G` : `${num(red)} ${num(green)} ${num(blue)} RG`;
}

/** A number as PDF writes it: at most 3 decimals (a thousandth of a point), never an exponent. */
function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  if (!Number.isFinite(rounded)) throw new Error(`not a PDF number: ${value}`);
  return rounded === 0 ? '0' : rounded.toFixed(3).replace(/\.?0+$/, '');
}
