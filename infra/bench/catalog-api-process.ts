/**
 * An API server process on an existing DynamoDB Local (BENCH_DYNAMODB_ENDPOINT), for
 * `measureCatalogScale`: a fresh one is a Lambda instance after a cold start. It meters its DynamoDB
 * calls and answers `usage` with them and its resident set size.
 */
import { dynamo } from '../../lib/data/client';
import { applyLocalEnv } from '../local/local-env';
import { startLocalServer } from '../local/server';
import { failStart, serveParent } from './child-process';
import { meterDynamo } from './dynamo-meter';
import { countRequests } from './request-counter';

try {
  const endpoint = process.env.BENCH_DYNAMODB_ENDPOINT;
  if (!endpoint) throw new Error('BENCH_DYNAMODB_ENDPOINT is not set');
  applyLocalEnv({ endpoint });
  const meter = meterDynamo(dynamo());
  const served = countRequests();
  const server = await startLocalServer({ port: 0 });
  serveParent(
    { url: server.url },
    async (message) => {
      if (message.type !== 'usage') throw new Error(`unknown message ${message.type}`);
      const requests = await served.settle();
      return { usage: meter.take(), requests, rssMb: process.memoryUsage().rss / 2 ** 20 };
    },
    () => server.close(),
  );
} catch (error) {
  failStart(error);
}
