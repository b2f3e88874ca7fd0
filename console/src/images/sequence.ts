/** The images screen's pure parts: a reordered sequence and the size a list shows. */

/** The sequence with one image moved one place up (-1) or down (+1); unchanged at an end. */
export function moved(names: readonly string[], name: string, step: -1 | 1): string[] {
  const from = names.indexOf(name);
  const to = from + step;
  if (from < 0 || to < 0 || to >= names.length) return [...names];
  const next = [...names];
  next[from] = names[to] as string;
  next[to] = name;
  return next;
}

/** The size a list shows: Small (200 px), never the original (the API does not name it anyway). */
export function shownSize<T extends { classifier: string }>(sizes: readonly T[]): T | undefined {
  return sizes.find((s) => s.classifier === 'Small') ?? sizes.find((s) => s.classifier === 'Thumbnail');
}
