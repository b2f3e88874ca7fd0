import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { routeTableMarkdown } from '../../infra/local/route-docs';

const readme = readFileSync('README.md', 'utf8');
const endpoints = readFileSync('docs/endpoints.md', 'utf8');

/** The text between `<!-- name:start -->` and `<!-- name:end -->` in a page (default: the README). */
function section(name: string, page = readme): string {
  const found = new RegExp(`<!-- ${name}:start -->\\n([\\s\\S]*?)<!-- ${name}:end -->`).exec(page);
  if (!found) throw new Error(`no ${name} section`);
  return found[1] as string;
}

/** A markdown table's cells, whatever its column alignment. */
function tableCells(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .map((row) =>
      row
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/^-+$/, '-')),
    );
}

describe('README', () => {
  it('walk-through runs verbatim and prints what the README says', () => {
    // Prepare: the block as printed, pointed at this run's server instead of port 3000
    const script = section('walkthrough')
      .replace(/^```bash\n|```\n$/g, '')
      .replaceAll('http://127.0.0.1:3000', inject('apiUrl'));
    const printed = /It prints:\n\n```\n([\s\S]*?)```/.exec(readme)?.[1];

    // Act
    const output = execFileSync('bash', ['-euo', 'pipefail', '-c', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });

    // Assess
    expect(output).toBe(printed);
  });

  it('links docs/endpoints.md, which lists exactly the routes of the route table', () => {
    expect(readme).toContain('[docs/endpoints.md](docs/endpoints.md)');
    expect(tableCells(section('routes', endpoints))).toEqual(tableCells(routeTableMarkdown()));
  });
});
