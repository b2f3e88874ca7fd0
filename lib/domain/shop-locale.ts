/**
 * The one place a requested locale becomes the locale a request is answered or written in
 * (docs/decisions.md "Locales"). Requests name locales loosely, as other shop APIs accept them:
 * any case and `-` or `_` (`fi_fi`, `de-DE`), or a bare language (`de`); the schemas turn them into
 * the canonical `xx_XX` (or `xx`) with canonicalLocale before these functions see them.
 */

/** The shop's locales, as its settings hold them. */
export interface ShopLocales {
  readonly locales: readonly string[];
  readonly defaultLocale: string;
}

const LOOSE_LOCALE = /^([A-Za-z]{2})(?:[_-]([A-Za-z]{2}))?$/;

/**
 * `de-de`, `DE_de` and `de_DE` as `de_DE`; `DE` as `de`; null for text that is no language (plus
 * region) code at all, which the schemas answer with 400.
 */
export function canonicalLocale(text: string): string | null {
  const match = LOOSE_LOCALE.exec(text);
  if (!match) return null;
  const language = (match[1] as string).toLowerCase();
  return match[2] ? `${language}_${match[2].toUpperCase()}` : language;
}

/**
 * The locale to answer in: the requested one when the shop offers it; else a shop locale of the
 * same language (the default locale first, so `de_AT` → `de_DE`, `de` → `de_DE`); else the shop's
 * default. Never fails: a read always has a locale to answer in.
 */
export function resolveLocale(shop: ShopLocales, requested: string | undefined): string {
  if (requested === undefined) return shop.defaultLocale;
  if (shop.locales.includes(requested)) return requested;
  const language = requested.slice(0, 2);
  const sameLanguage = [shop.defaultLocale, ...shop.locales].find((l) => l.slice(0, 2) === language);
  return sameLanguage ?? shop.defaultLocale;
}

/**
 * The locale a write goes to: the requested one, which must be one of the shop's exactly (after
 * canonicalLocale): a text stored under a locale the shop does not have could never be read, and
 * one stored under a fallback would overwrite another language's text. Absent: the shop's default.
 */
export function writeLocale(
  shop: ShopLocales,
  requested: string | undefined,
): { locale: string } | { problem: string } {
  if (requested === undefined) return { locale: shop.defaultLocale };
  if (shop.locales.includes(requested)) return { locale: requested };
  return { problem: `the shop has no locale ${requested}; it has ${shop.locales.join(', ')}` };
}
