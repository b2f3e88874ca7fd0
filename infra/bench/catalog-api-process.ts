/**
 * An API server process on an existing DynamoDB Local (BENCH_DYNAMODB_ENDPOINT), for
 * `measureCatalogScale`: a fresh one is a Lambda instance after a cold start. It meters its DynamoDB
 * calls and answers `usage` with them and its resident set size.
 */
import { startLocalServer } from '../local/server';
import { failStart, serveParent } from './child-process';
import { meterBenchDynamo } from './dynamo-meter';
import { countRequests } from './request-counter';

try {
  const meter = meterBenchDynamo();
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
