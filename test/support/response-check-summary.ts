import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { sharedResource } from './shared-setup';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where test/support/response-check.ts leaves its counts (one file per test module). */
    responseCheckDir: string;
  }
}

/**
 * A global setup (of the projects whose tests use call()): names a fresh folder for the response
 * check's counts, one per run, and when the run ends prints their sum ("checked N responses against
 * openapi.json, M mismatches").
 */
export default async function setup(project: TestProject) {
  const { value: folder, release } = await sharedResource(
    'response-check',
    async () => mkdtempSync(join(tmpdir(), 'shop-response-check-')),
    printSummary,
  );
  project.provide('responseCheckDir', folder);
  return release;
}

function printSummary(folder: string): void {
  let checked = 0;
  let mismatches = 0;
  for (const file of readdirSync(folder)) {
    const counts = JSON.parse(readFileSync(join(folder, file), 'utf8')) as {
      checked: number;
      mismatches: number;
    };
    checked += counts.checked;
    mismatches += counts.mismatches;
  }
  rmSync(folder, { recursive: true, force: true });
  if (checked > 0) console.log(`checked ${checked} responses against openapi.json, ${mismatches} mismatches`);
}
