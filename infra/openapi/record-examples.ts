import { writeFileSync } from 'node:fs';
import { issueDevToken } from '../local/dev-issuer';
import { startTwin } from '../local/twin';
import type { Examples } from './document';
import { httpRouteCall, type RouteCall, walkEveryRoute } from './route-walk';
import { fixSlideshowExamples } from './slideshow-examples';

/**
 * Records the examples of openapi.json from real answers: starts the local twin (in-memory
 * DynamoDB Local, the seeded demo shop), walks every route once (route-walk.ts: one representative
 * request per operation, a few failing ones for the shared errors) and writes
 * infra/openapi/examples.json. Values that differ from run to run are normalised so the
 * document stays the same: generated ids become fixed ULIDs, tokens fixed text, timestamps of the
 * run a fixed instant, the server's port the twin's default. `npm run openapi:examples`.
 */

const FIXED_INSTANT = '2026-01-15T10:00:00.000Z';
const BASE_URL = 'http://127.0.0.1:3000';
const EXAMPLE_S3 = 'https://shop-api-exports.s3.eu-central-1.amazonaws.com';
const EXAMPLE_SIGNATURE =
  'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=EXAMPLE%2F20260115%2Feu-central-1%2Fs3%2Faws4_request&X-Amz-Date=20260115T100000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=EXAMPLE';

async function main() {
  const startedAt = Date.now();
  process.env.LOG_LEVEL ??= 'warn';
  const twin = await startTwin({ port: 0, quiet: true });
  const http = httpRouteCall({ baseUrl: twin.url, shopId: 'demo', token: issueDevToken('demo') });
  const examples: Examples = {};
  const errors: Record<string, unknown> = {};
  // The first answer of an operation and status is its example (the slideshow uploads two images:
  // the first is shown); unnamed calls give one error body per status.
  const record: RouteCall = async (name, method, path, body, headers, expected) => {
    const answer = await http(name, method, path, body, headers, expected);
    if (name && answer.body !== undefined) {
      examples[name] ??= {};
      examples[name][answer.status] ??= answer.body;
    }
    if (!name) errors[String(answer.status)] ??= answer.body;
    return answer;
  };
  try {
    await walkEveryRoute(record);
  } finally {
    await twin.stop();
  }
  fixSlideshowExamples(examples);
  // The walk cannot confirm (the token travels only in the confirm mail's event): the answer shown.
  examples.confirmNewsletterSubscription = { 200: { email: 'ada@example.com', subscribed: true } };
  const all = { ...examples, _errors: errors };
  const text = normalise(JSON.stringify(all, null, 2), twin.url, startedAt);
  writeFileSync(new URL('./examples.json', import.meta.url), `${text}\n`);
}

/** Replaces what changes from run to run by fixed values (see the module comment). */
function normalise(text: string, url: string, startedAt: number): string {
  const ids = new Map<string, string>();
  return (
    text
      .replaceAll(url, BASE_URL)
      .replace(/\b[0-9A-HJKMNP-TV-Z]{26}\b/g, (id) => {
        if (!ids.has(id)) ids.set(id, `01JAAAAAAAAAAAAAAAAAAA${String(ids.size + 1).padStart(4, '0')}`);
        return ids.get(id) as string;
      })
      // A presigned export URL: the embedded S3 server's port and bucket path, its signing date and signature.
      .replace(
        /http:\/\/127\.0\.0\.1:\d+\/[^/"]+\/([^"?]+\.csv)\?[^"]+/g,
        (_, path: string) => `${EXAMPLE_S3}/${path}?${EXAMPLE_SIGNATURE}`,
      )
      .replace(/pickupToken(=|":\s*")[A-Za-z0-9_-]{43}/g, 'pickupToken$1EXAMPLE-PICKUP-TOKEN')
      .replace(/"secret":\s*"[A-Za-z0-9_-]{43}"/g, '"secret": "EXAMPLE-WEBHOOK-SECRET-SHOWN-ONCE"')
      .replace(
        /"unsubscribeToken":\s*"[A-Za-z0-9_-]{43}"/g,
        '"unsubscribeToken": "EXAMPLE-UNSUBSCRIBE-TOKEN"',
      )
      .replace(/"evt_[0-9a-f]{32}"/g, '"evt_0123456789abcdef0123456789abcdef"')
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, (instant) =>
        Date.parse(instant) >= startedAt - 60_000 ? FIXED_INSTANT : instant,
      )
  );
}

await main();
