import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importTargets, sources } from './support/source-imports';

/**
 * No import cycles in lib/ (Developers' guide): a cycle makes module order matter and hides which
 * file depends on which. Types count too: a type-only cycle is the same tangle on paper.
 */
function moduleGraph(folders: readonly string[]): Map<string, string[]> {
  const files = folders.flatMap(sources).map((f) => f.replace(/\.ts$/, ''));
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      importTargets(`${file}.ts`)
        .map((target) => target.replace(/\.(ts|js)$/, ''))
        .map((target) =>
          known.has(target) || !existsSync(`${target}/index.ts`) ? target : `${target}/index`,
        )
        .filter((target) => known.has(target)),
    ]),
  );
}

/** The strongly connected groups of more than one module (Tarjan), each a cycle or several. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next))
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import cycles', () => {
  it('lib/ and functions/ have none', () => {
    // Prepare
    const graph = moduleGraph(['lib', 'functions']);

    // Act
    const found = cycles(graph);

    // Assess
    expect(graph.size).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    // Prepare: a → b → c → a beside d → a
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);

    // Act
    const found = cycles(graph);

    // Assess
    expect(found).toEqual([['a', 'b', 'c']]);
  });
});
