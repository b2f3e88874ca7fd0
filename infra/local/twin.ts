import { join } from 'node:path';
import { config, resetConfig } from '../../lib/config';
import { createTableIfMissing } from '../../lib/data/create-table';
import { readAssembly } from './bundled/assembly';
import { startBundledServices } from './bundled/bundled-services';
import type { FunctionHost } from './bundled/function-host';
import { bucketStandIns, tableStandIn } from './bundled/stand-ins';
import { repoRoot } from './dev-issuer';
import { startDynamoDbLocal } from './dynamodb-local';
import type { LocalEventBus } from './events/local-event-bus';
import {
  type StreamObserver,
  startTwinEvents,
  type TwinEventSettings,
  twinEventSettings,
} from './events/twin-events';
import { importShopFile } from './import-file';
import { applyLocalEnv } from './local-env';
import { startMinuteTasks } from './minute-tasks';
import { assertPortFree } from './ports';
import { type S3Local, startS3Local } from './s3-local';
import { seedNewsletter } from './seed/newsletter';
import { startLocalServer } from './server';

/** The seeded shops: id and import file. */
export const SEED_SHOPS = [
  { shopId: 'demo', file: join(repoRoot, 'infra/local/seed/demo.json') },
  { shopId: 'other', file: join(repoRoot, 'infra/local/seed/other.json') },
] as const;

export interface TwinOptions {
  /** HTTP port; default PORT or 3000; 0 = any free port. */
  port?: number;
  /** Keep DynamoDB data and stored objects (images, exports) in this folder instead of in memory. */
  dataDir?: string;
  /** Import the demo shops (default true). */
  seed?: boolean;
  /** No progress lines and no event lines on stderr. */
  quiet?: boolean;
  /** Run the table's stream through the consumer (default: LOCAL_STREAM, on). */
  stream?: boolean;
  /** Told which stream records each consumer has taken, and when (the benches' stream lag). */
  observeStream?: StreamObserver;
  /**
   * The deployment rehearsal: serve every function from this synthesized cloud assembly's bundles
   * instead of the sources (infra/local/bundled/, docs/rehearsal.md).
   */
  assemblyDir?: string;
  /** A twin for a minute or two (the rehearsal's): DynamoDB Local with Java's quick compiler only. */
  shortLived?: boolean;
}

export interface Twin {
  url: string;
  dynamoEndpoint: string;
  /** The embedded S3 server's endpoint (images, exports). */
  s3Endpoint: string;
  /** The domain and stock events the stream consumer published (empty with the stream off). */
  events: LocalEventBus;
  /** The rehearsal only: each function's host, by its name in the assembly (`CartsRoutes/createCart`). */
  functions?: Map<string, FunctionHost>;
  stop(): Promise<void>;
}

/**
 * The whole API on this machine: DynamoDB Local, the table, an embedded S3 server with the media
 * and exports buckets, the demo shops and the HTTP server in
 * front of the real handlers, and the table's stream running through the events consumer into a
 * local bus (`events`). Sets process.env so handlers in this process use it.
 */
export async function startTwin({
  port = Number(process.env.PORT ?? 3000),
  dataDir,
  seed = true,
  quiet = false,
  stream,
  observeStream,
  assemblyDir,
  shortLived = false,
}: TwinOptions = {}): Promise<Twin> {
  const settings = twinEventSettings();
  if (stream !== undefined) settings.LOCAL_STREAM = stream ? 'on' : 'off';
  const say = quiet ? () => {} : (line: string) => process.stderr.write(`${line}\n`);
  // Fail on a taken port, or an assembly that cannot be served, before Java spends seconds starting.
  if (port !== 0) await assertPortFree(port, 'the local API server', '127.0.0.1');
  const assembly = assemblyDir ? readAssembly(assemblyDir) : undefined;
  const dynamo = await startDynamoDbLocal({ ...(dataDir ? { dataDir } : {}), shortLived });
  let objects: S3Local | undefined;
  try {
    applyLocalEnv({ endpoint: dynamo.endpoint, ...(assembly ? { table: tableStandIn(assembly) } : {}) });
    const { MEDIA_BUCKET, EXPORTS_BUCKET } = config();
    objects = await startS3Local({
      buckets: assembly ? bucketStandIns(assembly) : [MEDIA_BUCKET, EXPORTS_BUCKET],
      ...(dataDir ? { dataDir } : {}),
    });
    if (objects.moved)
      process.stderr.write(
        `warning: port ${objects.moved.from} of the last run's object server is taken; it runs at ${objects.endpoint}, and images uploaded in earlier runs keep URLs of port ${objects.moved.from}\n`,
      );
    applyLocalEnv({ endpoint: dynamo.endpoint, s3Endpoint: objects.endpoint });
    await createTableIfMissing();
    if (seed) {
      for (const { shopId, file } of SEED_SHOPS) {
        const report = await importShopFile(shopId, file);
        say(`seeded shop ${shopId}: ${report.items} items written, ${report.deleted} deleted`);
      }
      await seedNewsletter('demo');
    }
    // From the end of the stream: the seed raises no events, every request after it does.
    const served = assembly
      ? await startBundledServices({
          assembly,
          port,
          tableName: tableStandIn(assembly),
          dynamoEndpoint: dynamo.endpoint,
          s3Endpoint: objects.endpoint,
          quiet,
          settings,
        })
      : await startSourceServices(port, quiet, settings, observeStream);
    for (const { shopId } of seed ? SEED_SHOPS : []) served.add(shopId);
    const storage = objects;
    return {
      url: served.url,
      dynamoEndpoint: dynamo.endpoint,
      s3Endpoint: storage.endpoint,
      events: served.events,
      ...(served.hosts ? { functions: served.hosts } : {}),
      stop: async () => {
        await served.stop();
        await storage.stop();
        await dynamo.stop();
      },
    };
  } catch (error) {
    await objects?.stop();
    await dynamo.stop();
    throw error;
  }
}

/**
 * The twin's own moving parts around the handlers of the sources: the stream consumers and local
 * bus, the every-minute tasks and the HTTP front door (the rehearsal's are bundled-services.ts).
 */
async function startSourceServices(
  port: number,
  quiet: boolean,
  settings: TwinEventSettings,
  observe?: StreamObserver,
) {
  const events = await startTwinEvents({ quiet, settings, ...(observe ? { observe } : {}) });
  const tasks = startMinuteTasks();
  try {
    // The handlers log every request themselves; the server only reports its own 502s.
    const server = await startLocalServer({ port, onShop: tasks.add });
    // Links in webhook deliveries (sent without a request) point at this server.
    process.env.API_BASE_URL ||= server.url;
    resetConfig();
    return {
      url: server.url,
      events: events.bus,
      hosts: undefined,
      add: tasks.add,
      stop: async () => {
        await server.close();
        await tasks.stop();
        await events.stop();
      },
    };
  } catch (error) {
    await tasks.stop();
    await events.stop();
    throw error;
  }
}
