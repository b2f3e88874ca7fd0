/**
 * `npm run bench`: the benchmark suite and the budgets it holds (issue "Performance"). Three parts,
 * one table each, exit 1 when any budget is missed (each printed):
 * 1. HTTP: the local twin (DynamoDB Local in memory, the demo shops, the real handlers behind the
 *    local API Gateway stand-in) in a process of its own, plus a generated catalog, measured with
 *    autocannon on 127.0.0.1 at concurrency 1 and 16 against the floor (infra/bench/floor-server.ts:
 *    one HTTP round trip plus the DynamoDB calls the endpoint cannot avoid, same SDK settings), side
 *    by side in alternating rounds; DynamoDB calls per request from each server, consumed capacity
 *    from an SDK middleware in the API's, CPU time per request of each server process. Budgets at
 *    concurrency 1: p50 ≤ 1.5× the floor's; CPU per request ≤ 2× the floor's; calls per request
 *    (lease writes of the rate limit aside): cart read 1, cart change 2, checkout 4, catalog reads 1.
 * 2. In process: list and search handlers called without sockets (pipeline and domain cost alone),
 *    and each speed trick with and without, request by request (infra/bench/speed-tricks.ts).
 * 3. Cold start proxy: every function bundled as the CDK bundles it, import CPU in a fresh Node
 *    process against a floor bundle (one GetItem, same SDK client), and size (budgets: ≤ 1.5× the floor's, < 600 KB).
 * 4. Images: 3 MB uploads through the upload function alone in a process, p50/max and peak RSS
 *    against its memory (budgets: ≤ 3 s, ≤ 70 %), and sharp's import time (infra/bench/images.ts).
 * Options: --products N (10000) --seed S (1) --duration S (per side, endpoint and concurrency; 3)
 * --rounds N (6) --samples N (in-process, 100) --pairs N (speed tricks, 200) --cold-runs N (11)
 * --parts http,inprocess,tricks,cold,images --image-runs N (10) --tricks NAME[,NAME] (speed tricks part: only these)
 * --profile DIR (CPU profiles of the API and floor processes per endpoint at concurrency 1, written into DIR)
 * --only TEXT[,TEXT] (only the HTTP endpoints whose name contains one of them) --concurrency 1,16
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { issueDevToken } from '../local/dev-issuer';
import { applyLocalEnv } from '../local/local-env';
import { BENCH_SHOP, importBenchShop } from './bench-shop';
import { type Child, startChild } from './child-process';
import { coldTable, measureColdStarts, missedColdBudgets } from './cold-start';
import { type BenchCart, makeCarts } from './http-fixtures';
import { httpScenarios } from './http-scenarios';
import { httpNotes, httpTable, missedHttpBudgets, runHttpSuite } from './http-suite';
import { imageTable, measureImageUploads, missedImageBudgets } from './images';
import { runInProcessSuite } from './in-process';
import { machine } from './machine';
import { BENCH_ENV, report } from './report';
import { importBenchCatalog } from './setup';
import { measureSpeedTricks } from './speed-tricks';

const say = (line: string) => process.stderr.write(`${line}\n`);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** Cart pool of the cart read and change scenarios: more carts than connections. */
const CART_POOL = 48;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '10000' },
      seed: { type: 'string', default: '1' },
      duration: { type: 'string', default: '3' },
      rounds: { type: 'string', default: '6' },
      samples: { type: 'string', default: '100' },
      'cold-runs': { type: 'string', default: '11' },
      parts: { type: 'string', default: 'http,inprocess,tricks,cold,images' },
      'image-runs': { type: 'string', default: '10' },
      pairs: { type: 'string', default: '200' },
      tricks: { type: 'string' },
      profile: { type: 'string' },
      only: { type: 'string' },
      concurrency: { type: 'string', default: '1,16' },
    },
    strict: true,
  });
  const parts = new Set(values.parts.split(','));
  const concurrencies = values.concurrency.split(',').map(Number);
  const products = Number(values.products);
  const seed = Number(values.seed);
  const durationS = Number(values.duration);
  const rounds = Number(values.rounds);
  // Checkouts per side and concurrency: about as many as the duration allows on a small machine.
  const checkouts: Record<number, number> = {
    1: Math.round(40 * durationS),
    16: Math.round(100 * durationS),
  };

  const env = BENCH_ENV;

  Object.assign(process.env, env);
  const sections: string[] = [];
  const missed: string[] = [];
  const m = machine();
  sections.push(
    `machine: ${m.cpus} CPUs, ${m.cpuModel}, Node ${m.node}; DynamoDB Local in memory on the same CPUs`,
    `speed tricks off (SPEED_TRICKS_OFF): ${process.env.SPEED_TRICKS_OFF || 'none'}`,
  );

  let api: Child | undefined;
  let floor: Child | undefined;
  try {
    if (parts.has('http') || parts.has('inprocess') || parts.has('tricks') || parts.has('images')) {
      say('starting the local twin (DynamoDB Local, demo shops, API server)...');
      api = await startChild(here('./api-process.ts'), env);
      const dynamoEndpoint = String(api.ready.dynamoEndpoint);
      applyLocalEnv({ endpoint: dynamoEndpoint, s3Endpoint: String(api.ready.s3Endpoint) });
      // The images part needs no generated catalog (its function uploads to a demo shop copy).
      if (parts.has('http') || parts.has('inprocess') || parts.has('tricks')) {
        const catalog = await importBenchCatalog({ shopId: 'bench', products, seed }, say);
        sections.push(
          `catalog: ${products} products (seed ${seed}) in shop bench; generate+validate ${Math.round(catalog.generateMs)} ms, import ${(catalog.importMs / 1000).toFixed(1)} s`,
        );
      }

      if (parts.has('http')) {
        floor = await startChild(here('./floor-server.ts'), {
          ...env,
          BENCH_DYNAMODB_ENDPOINT: dynamoEndpoint,
        });
        const apiUrl = String(api.ready.url);
        // The demo catalog in a shop of the bench's own, its carts' products untracked (bench-shop.ts).
        await importBenchShop(BENCH_SHOP);
        const demoToken = issueDevToken(BENCH_SHOP);
        const benchToken = issueDevToken('bench');
        say('loading the generated catalog into the API (first request)...');
        let started = performance.now();
        const first = await fetch(`${apiUrl}/bench/products`, {
          headers: { accept: 'application/vnd.service.v1+json', authorization: `Bearer ${benchToken}` },
        });
        if (first.status !== 200)
          throw new Error(`first catalog request: ${first.status} ${await first.text()}`);
        const coldMs = performance.now() - started;
        const perSide = (c: number) => (checkouts[c] ?? 0) + 3 + rounds * c + 8;
        const freshCount = concurrencies.reduce((sum, c) => sum + perSide(c), 0);
        const chosen = (carts: BenchCart[]) =>
          httpScenarios({
            demo: {
              shopId: BENCH_SHOP,
              token: demoToken,
              carts: carts.slice(0, CART_POOL),
              fresh: {
                api: carts.slice(CART_POOL, CART_POOL + freshCount),
                floor: carts.slice(CART_POOL + freshCount),
              },
            },
            catalog: { shopId: 'bench', token: benchToken },
          }).filter((s) => !values.only || values.only.split(',').some((part) => s.name.includes(part)));
        // Carts are made only when a cart endpoint is measured (they take a while).
        const cartCount = chosen([]).some((s) => s.name.includes('/carts') || s.name.includes('line-items'))
          ? CART_POOL + 2 * freshCount
          : 0;
        say(`making ${cartCount} carts (${CART_POOL} to read and change, the rest to order)...`);
        started = performance.now();
        const carts = await makeCarts(apiUrl, BENCH_SHOP, demoToken, cartCount, 8);
        const setupS = (performance.now() - started) / 1000;
        const scenarios = chosen(carts);
        if (values.profile) mkdirSync(values.profile, { recursive: true });
        const results = await runHttpSuite(scenarios, {
          servers: {
            api: { url: apiUrl, process: api },
            floor: { url: String(floor.ready.url), process: floor },
          },
          durationS,
          rounds,
          checkouts,
          concurrencies,
          say,
          ...(values.profile ? { profileDir: resolve(values.profile) } : {}),
        });
        sections.push(
          [
            `HTTP (autocannon, 127.0.0.1, keep-alive; ${durationS} s per side, endpoint and concurrency in ${rounds} alternating rounds; checkouts: ${checkouts[1]} at c=1, ${checkouts[16]} at c=16, one fresh cart each; first catalog request (cold load of ${products} products) ${(coldMs / 1000).toFixed(1)} s; ${carts.length} carts made in ${setupS.toFixed(1)} s)`,
            '',
            httpTable(results),
            ...httpNotes(results).map((note) => `note: ${note}`),
          ].join('\n'),
        );
        missed.push(...results.flatMap(missedHttpBudgets));
        await floor.stop();
        floor = undefined;
      }

      if (parts.has('inprocess')) {
        const inProcess = await runInProcessSuite('bench', Number(values.samples), say);
        sections.push(inProcess.report);
        missed.push(...inProcess.missed);
      }
      if (parts.has('tricks')) {
        const tricks = await measureSpeedTricks(
          'bench',
          Number(values.pairs),
          say,
          values.tricks?.split(','),
        );
        sections.push(tricks.report);
        missed.push(...tricks.missed);
      }
      if (parts.has('images')) {
        const images = await measureImageUploads(
          { dynamoEndpoint, s3Endpoint: String(api.ready.s3Endpoint) },
          env,
          Number(values['image-runs']),
          say,
        );
        sections.push(imageTable(images));
        missed.push(...missedImageBudgets(images));
      }
      await api.stop();
      api = undefined;
    }

    if (parts.has('cold')) {
      const cold = await measureColdStarts({ runs: Number(values['cold-runs']) }, say);
      sections.push(coldTable(cold));
      missed.push(...cold.results.flatMap(missedColdBudgets));
    }
  } finally {
    await floor?.stop();
    await api?.stop();
  }
  return report(sections, missed, say);
}

process.exitCode = await main();
