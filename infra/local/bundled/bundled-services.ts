import { readFileSync } from 'node:fs';
import type { StreamFilterPattern } from '../../../functions/events/stream-filter';
import { routeList } from '../../../lib/routes';
import { ensureDevSecret } from '../dev-secret';
import type { LocalEventBus } from '../events/local-event-bus';
import type { TwinEventSettings } from '../events/twin-events';
import { twinBus } from '../events/twin-events';
import type { LambdaHandler } from '../lambda-runtime';
import { startMinuteTasks } from '../minute-tasks';
import { FALLBACK_NAME, OPENAPI_NAME, startLocalServer } from '../server';
import { matchesPattern } from '../stream/event-pattern';
import { startStreamRunner } from '../stream/stream-runner';
import { configuredStreamsApi, tableStreamArn } from '../stream/streams-api';
import type { Assembly, AssemblyFunction } from './assembly';
import type { FunctionHost } from './function-host';
import { functionHosts } from './functions';
import { LocalAwsError, startLocalAws } from './local-aws';
import { LocalQueues } from './local-queues';
import { secretArn } from './stand-ins';

/**
 * The deployment's moving parts on the twin, each run from its bundle as the template wires it
 * (docs/rehearsal.md): the HTTP API's routes through the front door, the table stream's event
 * source mappings, the EventBridge rules into their queues, the queues' mappings and the schedules.
 */

export interface BundledServicesOptions {
  assembly: Assembly;
  port: number;
  tableName: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  quiet: boolean;
  settings: TwinEventSettings;
}

export interface BundledServices {
  url: string;
  events: LocalEventBus;
  /** The function hosts, by the assembly's function name (`CartsRoutes/createCart`). */
  hosts: Map<string, FunctionHost>;
  /** A shop the schedules run for (the seeded ones; the front door adds those it serves). */
  add(shopId: string): void;
  stop(): Promise<void>;
}

export async function startBundledServices(options: BundledServicesOptions): Promise<BundledServices> {
  const { assembly, quiet, settings } = options;
  const report = (line: string) => process.stderr.write(`${line}\n`);
  const routeFunctions = routeTableFunctions(assembly);
  const bus = twinBus({ quiet, settings });
  const queues = new LocalQueues(
    assembly.queues.map((q) => ({
      name: q.logicalId,
      visibilityTimeoutSeconds: q.visibilityTimeoutSeconds,
      ...(q.maxReceiveCount ? { maxReceiveCount: q.maxReceiveCount } : {}),
      ...(q.deadLetterQueue ? { deadLetterQueue: q.deadLetterQueue } : {}),
    })),
    report,
  );
  // Each secret of the template reads its dev file (the newsletter's its own, the rest idempotency's).
  const secrets = new Map(
    assembly
      .resources('AWS::SecretsManager::Secret')
      .map((s) => [
        secretArn(s.logicalId),
        s.logicalId.startsWith('Newsletter')
          ? ('newsletter-secret' as const)
          : ('idempotency-secret' as const),
      ]),
  );
  const aws = await startLocalAws({
    sendMessage: (url, body, delay) => {
      const name = url.slice(url.lastIndexOf('/') + 1);
      if (!queues.has(name))
        throw new LocalAwsError('AWS.SimpleQueueService.NonExistentQueue', `No queue ${url}`);
      return queues.send(name, body, delay);
    },
    putEvents: async (entries) => {
      const out = await bus.send({
        Entries: entries.map((entry) => ({ ...entry, EventBusName: entry.EventBusName ?? 'default' })),
      });
      return (out.Entries ?? []).map((e) => e.EventId ?? '');
    },
    secretValue: (id) => {
      const file = secrets.get(id);
      if (!file) throw new LocalAwsError('ResourceNotFoundException', `No secret ${id}`);
      return readFileSync(ensureDevSecret(undefined, file), 'utf8');
    },
  });

  let hosts = new Map<AssemblyFunction, FunctionHost>();
  const hostOf = (fn: AssemblyFunction) => hosts.get(fn) as FunctionHost;
  const schedule = startMinuteTasks(undefined, async (shopId) => {
    for (const target of assembly.schedules)
      await hostOf(target.function).invoke({ ...target.input, shopId });
  });
  const server = await startLocalServer({
    port: options.port,
    onShop: schedule.add,
    loadHandler: async (_file, name) => {
      const fn = routeFunctions.get(name);
      if (!fn) throw new Error(`no function in the template for route ${name}`);
      const host = hostOf(fn);
      return ((event, context) => host.invoke(event, context.awsRequestId)) satisfies LambdaHandler;
    },
  });
  const stops: (() => Promise<void> | void)[] = [
    () => server.close(),
    () => schedule.stop(),
    () => queues.stop(),
    () => aws.close(),
  ];
  const stop = async () => {
    for (const step of stops) await step();
    for (const host of hosts.values()) host.stop();
  };
  try {
    hosts = functionHosts(assembly, {
      tableName: options.tableName,
      dynamoEndpoint: options.dynamoEndpoint,
      s3Endpoint: options.s3Endpoint,
      awsEndpoint: aws.endpoint,
      apiUrl: server.url,
    });
    for (const rule of assembly.busRules)
      bus.listen((event) => {
        const envelope = {
          version: '0',
          id: event.id,
          'detail-type': event.detailType,
          source: event.source,
          account: '000000000000',
          time: event.time,
          region: 'local',
          resources: [],
          detail: event.detail,
        };
        if (!matchesPattern(rule.pattern as StreamFilterPattern, envelope)) return;
        for (const queue of rule.queues) queues.send(queue, JSON.stringify(envelope));
      });
    for (const mapping of assembly.mappings.filter((m) => m.source.kind === 'queue'))
      queues.map(
        mapping.source.logicalId,
        (event) => hostOf(mapping.function).invoke(event),
        mapping.batchSize,
      );
    if (settings.LOCAL_STREAM === 'on') {
      const api = configuredStreamsApi();
      const streamArn = await tableStreamArn();
      const runners = assembly.mappings
        .filter((m) => m.source.kind === 'table-stream')
        .map((mapping) =>
          startStreamRunner({
            api,
            streamArn,
            handler: (event) => hostOf(mapping.function).invoke(event) as ReturnType<LambdaHandler> as never,
            filters: mapping.filters as StreamFilterPattern[],
            batchSize: mapping.batchSize,
            pollMs: settings.STREAM_POLL_MS,
            report: (line) => report(`[${mapping.function.name}] ${line}`),
          }),
        );
      stops.unshift(async () => void (await Promise.all(runners.map((r) => r.stop()))));
      await Promise.all(runners.map((r) => r.ready));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: server.url,
    events: bus,
    hosts: new Map([...hosts].map(([fn, host]) => [fn.name, host])),
    add: schedule.add,
    stop,
  };
}

/**
 * The function of each route of the route table (and of the two routes beside it) as the template's
 * HTTP API routes name it; the template and the route table must list the same routes.
 */
export function routeTableFunctions(assembly: Assembly): Map<string, AssemblyFunction> {
  const wanted = new Map<string, string>([
    ...routeList.map((r) => [`${r.method} ${r.path}`, r.name] as const),
    ['$default', FALLBACK_NAME],
    ['GET /openapi.json', OPENAPI_NAME],
  ]);
  const missing = [...wanted.keys()].filter((key) => !assembly.routes.has(key));
  const extra = [...assembly.routes.keys()].filter((key) => !wanted.has(key));
  if (missing.length > 0 || extra.length > 0)
    throw new Error(
      `The assembly's HTTP API and the route table differ (synthesized from other sources?): ${[
        ...missing.map((k) => `missing ${k}`),
        ...extra.map((k) => `extra ${k}`),
      ].join('; ')}`,
    );
  return new Map([...wanted].map(([key, name]) => [name, assembly.routes.get(key) as AssemblyFunction]));
}
