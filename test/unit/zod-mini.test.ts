import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AddLineItemBody } from '../../lib/schemas/carts';
import { PathId } from '../../lib/schemas/common';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every .ts file under a folder of the repository, relative to its root. */
function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => relative(root, join(root, folder, f)));
}

describe('zod in the Lambda bundles', () => {
  it('is imported only through lib/schemas/zod.ts, so the runtime never loads classic zod', () => {
    // Prepare
    const files = [...sources('lib'), ...sources('functions')];

    // Act
    const direct = files.filter((f) => /from '(zod|zod\/[^']*)'/.test(readFileSync(join(root, f), 'utf8')));

    // Assess
    expect(direct).toEqual(['lib/schemas/zod.ts']);
  });

  it('answers the English messages clients see, with classic zod never loaded', () => {
    // Act
    const result = AddLineItemBody.safeParse({ productId: '', quantity: 1.2345, price: 0 });
    const wrongType = PathId.safeParse(5);

    // Assess
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Too small: expected string to have >=1 characters',
      'expected at most 3 decimals',
      'Unrecognized key: "price"',
    ]);
    expect(wrongType.error?.issues[0]?.message).toBe('Invalid input: expected string, received number');
  });

  it('builds the request schemas on first use, so an import builds none of them', async () => {
    // Prepare: the schema modules the functions import (the shop file's are for the catalog import).
    const modules = readdirSync(join(root, 'lib/schemas')).filter(
      (f) => f.endsWith('.ts') && !['zod.ts', 'shop-file.ts', 'shop-file-rules.ts'].includes(f),
    );

    // Act
    const eager: string[] = [];
    for (const file of modules) {
      const exports: Record<string, unknown> = await import(`../../lib/schemas/${file}`);
      for (const [name, value] of Object.entries(exports)) {
        const internals = (value as { _zod?: { def: { type: string } } } | null)?._zod;
        if (internals && internals.def.type !== 'lazy') eager.push(`${file}: ${name}`);
      }
    }

    // Assess
    expect(modules.length).toBeGreaterThan(5);
    expect(eager).toEqual([]);
  });
});
