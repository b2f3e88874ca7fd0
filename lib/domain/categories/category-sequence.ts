import type { ShopCategory } from '../catalog/catalog-types';

/** A problem with a requested sequence, located in the body (`[2]`) or the body as a whole. */
export interface SequenceProblem {
  field: string;
  message: string;
}

/**
 * Checks a new sequence against the current subcategories (docs/catalog.md "Categories": PUT must
 * name exactly the current subcategories): every alias once, no unknown alias, none left out.
 */
export function sequenceProblems(
  children: readonly ShopCategory[],
  aliases: readonly string[],
): SequenceProblem[] {
  const current = new Set(children.map((c) => c.alias));
  const problems: SequenceProblem[] = [];
  const seen = new Set<string>();
  aliases.forEach((alias, i) => {
    if (!current.has(alias)) problems.push({ field: `[${i}]`, message: `${alias} is not a subcategory` });
    else if (seen.has(alias)) problems.push({ field: `[${i}]`, message: `${alias} is named twice` });
    seen.add(alias);
  });
  const missing = [...current].filter((alias) => !seen.has(alias));
  if (missing.length > 0)
    problems.push({
      field: 'body',
      message: `subcategories missing from the sequence: ${missing.join(', ')}`,
    });
  return problems;
}
