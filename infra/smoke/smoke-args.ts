import { parseArgs } from 'node:util';

/** The CLI's help text (also printed with every usage error). */
export const USAGE = `usage: npm run smoke -- --url <base URL> --shop <shopId> [--token <merchant token>] [--timeout <s>]
  --url      the API's base URL: the stack's ApiUrl output, or http://127.0.0.1:3000 for the local twin
  --shop     the shop id
  --token    a merchant access token of the shop with every scope (the back-office client's,
             docs/deploy.md "4. The first token"); against the local twin (127.0.0.1, localhost)
             it may be left out: the smoke test then signs a dev token itself
  --timeout  seconds one request may take (default 30)
Exits 0 when every step passed, 1 at the first failure (the message names the step), 2 on a usage error.`;

/** A command line that cannot run: exit 2 with the message and the usage. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** What the command line asks for; `token` undefined = sign a dev token (local twin only). */
export type SmokeArgs =
  | { help: true }
  | { help: false; url: string; shop: string; token: string | undefined; timeoutMs: number };

/** Whether a base URL is the local twin's (a loopback host), the only place a dev token is accepted. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/** Parses and checks the smoke CLI's arguments; throws UsageError for anything it cannot run. */
export function parseSmokeArgs(argv: readonly string[]): SmokeArgs {
  let values: { url?: string; shop?: string; token?: string; timeout?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        url: { type: 'string' },
        shop: { type: 'string' },
        token: { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { help: true };
  if (!values.url) throw new UsageError('--url is required');
  if (!values.shop) throw new UsageError('--shop is required');
  let url: URL;
  try {
    url = new URL(values.url);
  } catch {
    throw new UsageError(`--url "${values.url}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--url "${values.url}" is not an http(s) URL`);
  if (values.token === undefined && !isLocalUrl(values.url))
    throw new UsageError(
      `--token is required for ${values.url}: only the local twin (127.0.0.1, localhost) gets a dev token signed`,
    );
  if (values.token !== undefined && values.token.trim() === '') throw new UsageError('--token is empty');
  const seconds = Number(values.timeout ?? '30');
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new UsageError(`--timeout "${values.timeout}" is no number of seconds`);
  return { help: false, url: values.url, shop: values.shop, token: values.token, timeoutMs: seconds * 1000 };
}
