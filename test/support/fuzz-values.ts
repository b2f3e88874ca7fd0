import fc from 'fast-check';
import { encodeSegment } from './fuzz-http';

/**
 * The junk the fuzzer puts into requests: path segments, query values, header values and JSON
 * values, each the kind of thing that breaks parsers, validators, key builders and money math.
 */

/** JSON text that JSON.stringify cannot make (1e999, -0, deep nesting): spliced in after stringify. */
export class RawJson {
  constructor(readonly text: string) {}
}

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Raw JSON literals: numbers beyond doubles, negative zero, decimals that floats get wrong, nesting. */
export const rawLiteral = fc.oneof(
  fc.constantFrom(
    '1e999',
    '-1e999',
    '-0',
    '-0.0',
    '1E+2',
    '0.30000000000000004',
    '123456789012345678901234567890',
    '1.0000000000000001',
    '5e-324',
    '1e-400',
    '9007199254740993',
  ),
  fc.integer({ min: 33, max: 1000 }).map(deepArray),
  fc.integer({ min: 33, max: 1000 }).map(deepObject),
);

/** Text of a given length in ASCII, two-byte and four-byte characters (limits count UTF-16 units). */
const sizedText = fc
  .tuple(
    fc.constantFrom(64, 65, 128, 129, 255, 256, 500, 501, 1000, 1001, 4001, 20_001, 50_000, 70_000),
    fc.nat(2),
  )
  .map(([length, kind]) =>
    (kind === 0 ? 'x' : kind === 1 ? 'ü' : '😀').repeat(kind === 2 ? length / 2 : length),
  );

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
});

const char = (min: number, max: number) => fc.integer({ min, max }).map((code) => String.fromCharCode(code));

/**
 * Text that is not well-formed or holds control characters: lone UTF-16 surrogates (JSON carries
 * them as `"\ud800"`; they once made a customer's e-mail key builder throw, a 500), NUL, escapes
 * and other C0 controls, alone, inside otherwise valid values, or mixed with ordinary characters.
 */
export const badText = fc.oneof(
  fc.constantFrom(
    '\ud800',
    '\udfff',
    '\ud9d2',
    'a\udc00b',
    '\udc00\ud800',
    '😀'.slice(0, 1),
    '\u0000',
    'Anna\u0000',
    '\u0001',
    '\u001b[31mred',
    'a\u0007b',
    '\u007f',
    'anna.schmidt@example.com\u0000',
    `anna.schmidt\ud9d2@example.com`,
    'espresso-beans\u0000',
    'DE\u0000',
  ),
  fc.string({
    unit: fc.oneof(
      printable.map((s) => s.slice(0, 1) || 'x'),
      char(0xd800, 0xdfff),
      char(0, 0x1f),
    ),
    minLength: 1,
    maxLength: 12,
  }),
);

/** Strings that mean something to someone: numbers, booleans, codes, markup, separators. */
export const trickyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e999',
    '0x10',
    '١٢٣',
    'null',
    'undefined',
    'true',
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
    "'; DROP TABLE shop; --",
    '\u0000',
    '\ud800',
    '\u202e',
    'SHOP#demo#CART',
    '#',
    '../../etc/passwd',
    'DE',
    'EUR',
    'en_GB',
    'GROSS',
    'NET',
    'Invoice',
    'WELCOME10',
    'espresso-beans',
    'other-notebook-a5',
    'anna.schmidt@example.com',
    '2026-11-01T10:00:00Z',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  printable,
  sizedText,
  badText,
);

/** Numbers at the edges: zero and negative zero, fractions, huge, tiny, not safe integers. */
export const trickyNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    1.5,
    0.1 + 0.2,
    0.005,
    1e308,
    -1e308,
    5e-324,
    2 ** 53 + 2,
    1e21,
    100_000,
    100_001,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -10, max: 1000 }),
);

/** Any JSON value a field might get instead of the right one. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: trickyString },
  { weight: 2, arbitrary: badText },
  { weight: 4, arbitrary: trickyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 2, arbitrary: rawLiteral.map((text) => new RawJson(text)) },
  { weight: 1, arbitrary: fc.array(trickyString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.object({ maxDepth: 2, maxKeys: 4 }) },
);

/** Keys a body should not have: unknown ones and the prototype's. */
export const junkKey = fc.oneof(
  badText,
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'pk',
    'sk',
    'shopId',
  ),
  fc.string({ maxLength: 20 }),
);

/** A path segment: percent-encoded junk, raw junk, separators, traversal, very long, id-like. */
export const junkSegment = fc.oneof(
  fc.string({ maxLength: 20 }).map(encodeSegment),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeSegment),
  fc.string({ unit: 'binary', maxLength: 10 }).map(encodeSegment),
  fc.string({ minLength: 129, maxLength: 1000 }).map(encodeSegment),
  fc.constantFrom(
    '..',
    '.',
    '%',
    '%zz',
    '%E0%A4%A',
    '%00',
    '%23',
    '#',
    '%2F',
    '%2e%2e',
    '%25',
    '',
    '%20',
    '+',
    ';',
    '%FF%FE',
    'null',
    'undefined',
    '0',
    '-1',
    '__proto__',
    'constructor',
    '%F0%9F%92%A9',
    'a%23b',
    'x'.repeat(129),
  ),
  fc.uuid(),
  fc.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
);

/** A query parameter value (before encoding). */
export const junkQueryValue = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '1.5',
    '1e3',
    'abc',
    '',
    '99999999999999999999',
    '1000',
    '1001',
    '100',
    '101',
    'true',
    'false',
    'TRUE',
    'yes',
    'en_GB',
    'de_DE',
    'xx_XX',
    'EUR',
    'eur',
    'XXX',
    'name',
    'price',
    'asc',
    'desc',
    '2026-11-01',
    '2026-13-45',
    '2026-02-30T25:61:61Z',
    '2026-11-01T10:00:00Z',
    '1970-01-01',
    '0001-01-01',
    '9999-12-31T23:59:59Z',
    '275760-09-13',
    'NaN',
    'Infinity',
    'trail-tshirt',
    'root',
    'anna-schmidt',
    '"quoted phrase"',
    'a+b',
  ),
  trickyNumber.map(String),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('x'.repeat(501), 'ü'.repeat(129), '😀'.repeat(100)),
  badText,
);

/** Query parameter names the routes know, and some they do not. */
export const queryKey = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'page',
      'resultsPerPage',
      'locale',
      'currency',
      'sort',
      'direction',
      'q',
      'categoryId',
      'id',
      'includeInvisible',
      'includePdf',
      'createdAfter',
      'createdBefore',
      'hasAddressData',
      'customerId',
      'productId',
    ),
  },
  { weight: 1, arbitrary: junkKey },
);

/** A printable header value (no control characters: the HTTP client would refuse them). */
export const junkHeader = fc.oneof(
  printable,
  fc.constantFrom('', ' ', ',,,', 'x'.repeat(1500), '\u00fc\u00e4'),
);
