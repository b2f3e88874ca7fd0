/**
 * The locale a write goes to: the requested one, which must be one of the shop's (a text stored
 * under a locale the shop does not have could never be read), or the shop's default.
 */
export function writeLocale(
  settings: { locales: readonly string[]; defaultLocale: string },
  requested: string | undefined,
): { locale: string } | { problem: string } {
  if (requested === undefined) return { locale: settings.defaultLocale };
  if (settings.locales.includes(requested)) return { locale: requested };
  return { problem: `the shop has no locale ${requested}; it has ${settings.locales.join(', ')}` };
}
