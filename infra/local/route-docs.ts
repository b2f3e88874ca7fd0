import { routeList } from '../../lib/routes';

/**
 * The endpoint table of docs/endpoints.md, made from the route table (a test keeps it in step):
 * `npx tsx infra/local/route-docs.ts` prints it.
 */
export function routeTableMarkdown(): string {
  const rows = routeList.map(
    (r) =>
      `| ${r.method} | \`${r.path}\` | ${r.scope ?? 'token'} | ${r.cartToken ? 'yes' : ''} | \`${r.handler}\` |`,
  );
  return ['| Method | Path | Scope | Cart token | Handler |', '|---|---|---|---|---|', ...rows].join('\n');
}

if (process.argv[1]?.endsWith('route-docs.ts')) process.stdout.write(`${routeTableMarkdown()}\n`);
