import { inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { PDFDocument, PDFName, type PDFString, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  canEncodeWinAnsi,
  encodeWinAnsi,
  STANDARD_FONTS,
  type StandardFontName,
} from '../../lib/domain/documents/pdf-fonts';
import { A4, PdfWriter, rgb } from '../../lib/domain/documents/pdf-writer';

/** Every character WinAnsi can print, as Unicode. */
const WIN_ANSI = Array.from({ length: 0x2200 }, (_, codePoint) => codePoint)
  .filter(canEncodeWinAnsi)
  .map((codePoint) => String.fromCodePoint(codePoint));

/** pdf-lib measures "Ÿ" (U+0178, WinAnsi 0x9F) as "ÿ": its glyph name table maps both to ydieresis. */
const COMPARABLE = WIN_ANSI.filter((char) => char !== 'Ÿ');

const FONTS: [StandardFontName, StandardFonts][] = [
  ['Helvetica', StandardFonts.Helvetica],
  ['Helvetica-Bold', StandardFonts.HelveticaBold],
];

/** pdf-lib's width function for a standard font (pdf-lib is a dev dependency: the reference only). */
async function pdfLibWidth(font: StandardFonts) {
  const embedded = (await PDFDocument.create()).embedStandardFont(font);
  return (text: string, size: number) => embedded.widthOfTextAtSize(text, size);
}

/** The file as one-byte characters, for finding PDF syntax in it. */
function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('latin1');
}

/** The decompressed content streams, in file order. */
function contentStreams(bytes: Uint8Array): string[] {
  const text = latin1(bytes);
  const streams: string[] = [];
  for (const match of text.matchAll(/\/Length (\d+) \/Filter \/FlateDecode >>\nstream\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const data = Buffer.from(bytes).subarray(start, start + Number(match[1]));
    streams.push(inflateSync(data).toString('latin1'));
  }
  return streams;
}

/** A one-page document with one line of text. */
function oneLine(text: string): Uint8Array {
  const pdf = new PdfWriter();
  pdf.addPage().drawText(text, { x: 57, y: 700, size: 9, font: 'Helvetica' });
  return pdf.save();
}

describe('standard font widths', () => {
  it.each(FONTS)('measures every pair of WinAnsi characters in %s as pdf-lib does', async (name, font) => {
    // Prepare
    const reference = await pdfLibWidth(font);
    const pairs = COMPARABLE.flatMap((left) => COMPARABLE.map((right) => left + right));

    // Act
    const ours = pairs.map((text) => STANDARD_FONTS[name].widthOfTextAtSize(text, 1000));

    // Assess
    const differing = pairs.filter((text, i) => ours[i] !== reference(text, 1000));
    expect(pairs.length).toBeGreaterThan(47_000);
    expect(differing).toEqual([]);
  });

  it.each(FONTS)('measures document texts in %s at any size exactly as pdf-lib does', async (name, font) => {
    // Prepare
    const reference = await pdfLibWidth(font);
    const texts = [
      'Rechnung RE-2024-0001',
      'Total credited',
      'inkl. 19 % MwSt. auf netto 81,39\u00a0€',
      'Regenjacke „Nordwind“ – wasserdicht, atmungsaktiv…',
      'Demo Outdoor GmbH · Marktplatz 7 · 20095 Hamburg · Deutschland',
      "AVATAR Tom's 'quoted' (ÄÖÜ äöü ß) — T.V. Yacht, P.O. Box «»‹› ™ ‰ † ‡ • ˆ ˜ š Ž œ ƒ",
      '',
    ];
    const sizes = [7, 7.5, 8, 8.5, 9, 10.5, 11, 15, 16, 6.123456789];

    // Act
    const ours = texts.flatMap((text) =>
      sizes.map((size) => STANDARD_FONTS[name].widthOfTextAtSize(text, size)),
    );

    // Assess
    expect(ours).toEqual(texts.flatMap((text) => sizes.map((size) => reference(text, size))));
  });

  it('measures random WinAnsi strings at random sizes as pdf-lib does', async () => {
    // Prepare
    const regular = await pdfLibWidth(StandardFonts.Helvetica);
    const bold = await pdfLibWidth(StandardFonts.HelveticaBold);
    const text = fc.array(fc.constantFrom(...COMPARABLE), { maxLength: 40 }).map((chars) => chars.join(''));
    const size = fc.double({ min: 1, max: 40, noNaN: true });

    // Act, Assess
    fc.assert(
      fc.property(text, size, (t, s) => {
        expect(STANDARD_FONTS.Helvetica.widthOfTextAtSize(t, s)).toBe(regular(t, s));
        expect(STANDARD_FONTS['Helvetica-Bold'].widthOfTextAtSize(t, s)).toBe(bold(t, s));
      }),
      { numRuns: 2000 },
    );
  });

  it('measures "Ÿ" with the AFM width of Ydieresis, the glyph WinAnsi 0x9F prints', () => {
    // Prepare
    const font = STANDARD_FONTS.Helvetica;

    // Act
    const capital = font.widthOfTextAtSize('Ÿ', 1000);
    const small = font.widthOfTextAtSize('ÿ', 1000);

    // Assess
    expect(capital).toBe(667);
    expect(small).toBe(500);
  });

  it('maps Unicode to WinAnsi codes, a character WinAnsi lacks to "?"', () => {
    // Prepare
    const text = 'Aä€–…ŸŽ\u00a0東';

    // Act
    const codes = encodeWinAnsi(text);

    // Assess
    expect(codes).toEqual([0x41, 0xe4, 0x80, 0x96, 0x85, 0x9f, 0x8e, 0xa0, 0x3f]);
    expect(WIN_ANSI).toHaveLength(218);
    expect(STANDARD_FONTS.Helvetica.widthOfTextAtSize('東', 10)).toBe(
      STANDARD_FONTS.Helvetica.widthOfTextAtSize('?', 10),
    );
  });
});

describe('PdfWriter', () => {
  it('writes a PDF that pdf-lib loads, with its pages, sizes and document information', async () => {
    // Prepare
    const pdf = new PdfWriter();
    pdf.addPage().drawText('one', { x: 57, y: 700, size: 9, font: 'Helvetica' });
    pdf.addPage([300, 400.5]).drawText('two', { x: 10, y: 10, size: 9, font: 'Helvetica-Bold' });
    pdf.addPage();
    const issued = new Date('2024-03-15T10:00:00.000Z');
    pdf.setInfo({
      title: 'Rechnung (RE-1)',
      author: 'Grüne Wiese & Söhne 東京',
      subject: 'Bestellnummer 10001',
      producer: 'shop-api',
      creationDate: issued,
      modificationDate: issued,
      language: 'de-DE',
    });

    // Act
    const bytes = pdf.save();

    // Assess
    expect(latin1(bytes.subarray(0, 9))).toBe('%PDF-1.7\n');
    const loaded = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(loaded.getPageCount()).toBe(3);
    expect(loaded.getPages().map((page) => page.getSize())).toEqual([
      { width: A4[0], height: A4[1] },
      { width: 300, height: 400.5 },
      { width: A4[0], height: A4[1] },
    ]);
    expect(loaded.getTitle()).toBe('Rechnung (RE-1)');
    expect(loaded.getAuthor()).toBe('Grüne Wiese & Söhne 東京');
    expect(loaded.getSubject()).toBe('Bestellnummer 10001');
    expect(loaded.getProducer()).toBe('shop-api');
    expect(loaded.getCreationDate()?.toISOString()).toBe('2024-03-15T10:00:00.000Z');
    expect(loaded.getModificationDate()?.toISOString()).toBe('2024-03-15T10:00:00.000Z');
    expect((loaded.catalog.get(PDFName.of('Lang')) as PDFString).decodeText()).toBe('de-DE');
  });

  it('writes a cross-reference table whose 10-digit offsets point at each object, and startxref at it', () => {
    // Prepare
    const pdf = new PdfWriter();
    for (let i = 0; i < 3; i++)
      pdf.addPage().drawText(`page ${i}`, { x: 57, y: 700, size: 9, font: 'Helvetica' });
    pdf.setInfo({ title: 'x' });

    // Act
    const text = latin1(pdf.save());

    // Assess
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
    const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
    expect(first).toBe('0');
    const entriesStart = startxref + `xref\n0 ${count}\n`.length;
    const entries = Array.from({ length: Number(count) }, (_, i) =>
      text.slice(entriesStart + i * 20, entriesStart + (i + 1) * 20),
    );
    expect(entries[0]).toBe('0000000000 65535 f \n');
    entries.slice(1).forEach((entry, i) => {
      expect(entry).toMatch(/^\d{10} 00000 n \n$/);
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset).startsWith(`${i + 1} 0 obj\n`)).toBe(true);
    });
    expect(text).toContain(`trailer\n<< /Size ${count} /Root 1 0 R /Info 3 0 R /ID [<`);
  });

  it('draws text in WinAnsi bytes with backslash and parentheses escaped, in the chosen font, size and colour', () => {
    // Prepare
    const pdf = new PdfWriter();
    const page = pdf.addPage();

    // Act
    page.drawText('Grün (50 €) \\ Ž', { x: 57, y: 700.5, size: 9, font: 'Helvetica' });
    page.drawText('Total', { x: 300, y: 100, size: 10.5, font: 'Helvetica-Bold', color: rgb(0.4, 0.4, 0.4) });
    page.drawText('Red', { x: 1 / 3, y: 2, size: 8, font: 'Helvetica', color: rgb(1, 0, 0) });
    const bytes = pdf.save();

    // Assess
    const [content] = contentStreams(bytes);
    expect(content).toBe(
      [
        'BT\n/F1 9 Tf\n0 g\n57 700.5 Td\n(Gr\xfcn \\(50 \x80\\) \\\\ \x8e) Tj\nET',
        'BT\n/F2 10.5 Tf\n0.4 g\n300 100 Td\n(Total) Tj\nET',
        'BT\n/F1 8 Tf\n1 0 0 rg\n0.333 2 Td\n(Red) Tj\nET',
      ].join('\n'),
    );
    const text = latin1(bytes);
    expect(text).toContain(
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    );
    expect(text).toContain(
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    );
    expect(text).toContain('/Resources << /Font << /F1 4 0 R /F2 5 0 R >>');
  });

  it('draws lines and filled rectangles in grey or colour', () => {
    // Prepare
    const pdf = new PdfWriter();
    const page = pdf.addPage();

    // Act
    page.drawLine({
      start: { x: 57, y: 56 },
      end: { x: 538.28, y: 56 },
      thickness: 0.5,
      color: rgb(0.8, 0.8, 0.8),
    });
    page.drawLine({ start: { x: 0, y: 0 }, end: { x: 10, y: 10 }, thickness: 1 });
    page.drawRectangle({ x: 10, y: 20, width: 30, height: 40, color: rgb(0.1, 0.2, 0.3) });

    // Assess
    const [content] = contentStreams(pdf.save());
    expect(content).toBe(
      [
        '0.8 G\n0.5 w\n57 56 m\n538.28 56 l\nS',
        '0 G\n1 w\n0 0 m\n10 10 l\nS',
        '0.1 0.2 0.3 rg\n10 20 30 40 re\nf',
      ].join('\n'),
    );
  });

  it('lists only the fonts that were drawn with', () => {
    // Prepare
    const pdf = new PdfWriter();
    pdf.addPage().drawLine({ start: { x: 0, y: 0 }, end: { x: 1, y: 1 }, thickness: 1 });

    // Act
    const text = latin1(pdf.save());

    // Assess
    expect(text).not.toContain('/Type /Font');
    expect(text).toContain('/Resources << /Font <<  >>');
  });

  it('writes the same drawing to the same bytes', () => {
    // Prepare
    const draw = () => {
      const pdf = new PdfWriter();
      pdf.addPage().drawText('Rechnung', { x: 57, y: 700, size: 9, font: 'Helvetica' });
      pdf.setInfo({ title: 'Rechnung', creationDate: new Date('2024-01-01T00:00:00Z') });
      return pdf.save();
    };

    // Act
    const first = draw();
    const second = draw();

    // Assess
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(oneLine('a')).equals(Buffer.from(oneLine('b')))).toBe(false);
  });

  it('writes metadata outside printable ASCII as UTF-16 with a byte order mark, and dates in UTC', () => {
    // Prepare
    const pdf = new PdfWriter();
    pdf.addPage();

    // Act
    pdf.setInfo({ title: 'Grün', author: 'A (B) \\ C', creationDate: new Date('2024-12-31T23:59:58.900Z') });
    const text = latin1(pdf.save());

    // Assess
    expect(text).toContain('/Title <FEFF0047007200FC006E>');
    expect(text).toContain('/Author (A \\(B\\) \\\\ C)');
    expect(text).toContain('/CreationDate (D:20241231235958Z)');
  });
});
