/** Category aliases: URL-safe names, unique among the subcategories of one parent. */

export const MAX_ALIAS_LENGTH = 100;

/** An alias made from a name: "Pots & Pans" → "pots-pans", "Töpfe" → "topfe"; "category" when nothing is left. */
export function aliasFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_ALIAS_LENGTH)
    .replace(/-+$/, '');
  return slug || 'category';
}

/**
 * The alias itself when no sibling has it, else the alias with the first free number appended
 * (shoes, shoes1, shoes2, ...: docs/catalog.md "Categories"), shortened so it stays within MAX_ALIAS_LENGTH.
 */
export function uniqueAlias(alias: string, taken: ReadonlySet<string>): string {
  if (!taken.has(alias)) return alias;
  for (let n = 1; ; n++) {
    const suffix = String(n);
    const candidate = alias.slice(0, MAX_ALIAS_LENGTH - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}
