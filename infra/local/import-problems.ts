/** One thing wrong with an import file, located by a path like `products[3].prices.EUR.price`. */
export interface ImportProblem {
  path: string;
  message: string;
}

/** The file failed validation; nothing was written. Lists every problem, not just the first. */
export class ImportValidationError extends Error {
  constructor(
    readonly file: string,
    readonly problems: ImportProblem[],
  ) {
    super(
      `${file}: ${problems.length} problem(s), nothing imported:\n${problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`,
    );
    this.name = 'ImportValidationError';
  }
}

/** ['products', 3, 'prices', 'EUR', 'price'] → products[3].prices.EUR.price; the root is `(file)`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) text += text ? `.${key}` : key;
    else text += `[${JSON.stringify(String(key))}]`;
  }
  return text || '(file)';
}
