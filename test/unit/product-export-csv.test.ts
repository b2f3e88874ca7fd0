import { describe, expect, it } from 'vitest';
import { RefusedInput } from '../../lib/domain/errors';
import { csvField, csvRecord } from '../../lib/domain/exports/csv';
import { productExportRecords, requireExportLocale } from '../../lib/domain/exports/product-export';
import { parseCsv } from '../support/csv';
import { demoCatalog } from './support/demo-catalog';

/** The export's CSV writer (RFC 4180 with `;` and CRLF) and its records, without storage. */

describe('csv fields and records', () => {
  it('leaves plain fields alone and quotes the separator, quotes, CR and LF, doubling quotes', () => {
    // Act
    const fields = ['plain', 'a;b', 'say "hi"', 'two\nlines', 'cr\ronly', '', 'comma, fine', '"'];

    // Assess
    expect(fields.map(csvField)).toEqual([
      'plain',
      '"a;b"',
      '"say ""hi"""',
      '"two\nlines"',
      '"cr\ronly"',
      '',
      'comma, fine',
      '""""',
    ]);
  });

  it('turns cells a spreadsheet would run as formulas into text, and leaves plain numbers alone', () => {
    // Act
    const fields = [
      '=1+1',
      '+cmd|x',
      '-2+3',
      '@SUM(A1)',
      '\tTAB',
      '=HYPERLINK("https://x.example";"y")',
      '-3',
      '+4.5',
      'a=b',
    ];

    // Assess
    expect(fields.map(csvField)).toEqual([
      "'=1+1",
      "'+cmd|x",
      "'-2+3",
      "'@SUM(A1)",
      "'\tTAB",
      '"\'=HYPERLINK(""https://x.example"";""y"")"',
      '-3',
      '+4.5',
      'a=b',
    ]);
  });

  it('ends a record with CRLF and reads back exactly, however awkward its fields', () => {
    // Prepare
    const fields = ['Mug "Classic"; 0.3 l\r\nwith lid', '', ';', '""', 'Ä ö 😀', ' spaced '];

    // Act
    const record = csvRecord(fields);

    // Assess
    expect(record.endsWith('\r\n')).toBe(true);
    expect(parseCsv(record + csvRecord(['next']))).toEqual([fields, ['next']]);
  });
});

describe('export records of a catalog', () => {
  it('writes the header, then one row per product and variation in catalog order', () => {
    // Prepare
    const catalog = demoCatalog();

    // Act
    const rows = parseCsv([...productExportRecords(catalog, 'en_GB')].join(''));

    // Assess
    expect(rows[0]?.slice(0, 3)).toEqual(['Type [Class]', 'ID [Alias]', 'Name/English [Name/en]']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(
      [...catalog.products.values()].map((p) => p.productNumber),
    );
  });

  it('takes a shop locale for the labels and refuses any other naming locale', () => {
    // Prepare
    const catalog = demoCatalog();

    // Act
    const refused = (() => {
      try {
        return requireExportLocale(catalog, 'fr_FR');
      } catch (error) {
        return error;
      }
    })();

    // Assess
    expect([requireExportLocale(catalog, undefined), requireExportLocale(catalog, 'de_DE')]).toEqual([
      'en_GB',
      'de_DE',
    ]);
    expect(refused).toBeInstanceOf(RefusedInput);
    expect((refused as RefusedInput).errors?.[0]?.field).toBe('locale');
  });
});
