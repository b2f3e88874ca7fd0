/**
 * An API server process on an existing DynamoDB Local (BENCH_DYNAMODB_ENDPOINT), for
 * `measureCatalogScale`: a fresh one is a Lambda instance after a cold start. It meters its DynamoDB
 * calls and answers `usage` with them, its resident set size and its CPU time so far.
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
      const cpu = process.cpuUsage();
      return {
        usage: meter.take(),
        requests,
        rssMb: process.memoryUsage().rss / 2 ** 20,
        // CPU of this process since it started (ms, every thread): the bench takes differences.
        cpuMs: (cpu.user + cpu.system) / 1000,
      };
    },
    () => server.close(),
  );
} catch (error) {
  failStart(error);
}
