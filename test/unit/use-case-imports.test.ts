import { describe, expect, it } from 'vitest';
import { routeList } from '../../lib/routes';
import { importTargets } from './support/source-imports';

/**
 * The write path runs one way (README "The write path"): the handler wires the request to one use
 * case and renders its result; lib/use-cases loads and stores (its imports: import-direction.test.ts).
 */
describe('write handlers', () => {
  const writes = routeList.filter((r) => r.writes);

  it.each(writes.map((r) => [r.name, r.handler]))('%s (%s) hands the write to a use case', (_, handler) => {
    const imports = importTargets(handler);
    expect(imports.filter((m) => m.startsWith('lib/use-cases/'))).toHaveLength(1);
    // Loading and storing is the use case's job: the handler wires and renders.
    expect(imports.filter((m) => m.startsWith('lib/data/'))).toEqual([]);
  });
});
