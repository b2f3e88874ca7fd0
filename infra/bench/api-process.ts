/**
 * The API side of `npm run bench`, in a process of its own: the local twin (DynamoDB Local in memory,
 * the demo shops, the HTTP server in front of the real handlers; its stream consumer off) with an SDK middleware counting the
 * DynamoDB calls and consumed capacity of its requests. The bench asks for the count (and the
 * process's CPU time since the last ask, infra/bench/cpu-meter.ts) with `usage`,
 * and switches a CPU profiler on and off around measured requests with `profile-start`/`-stop`;
 * with its stream on (BENCH_STREAM=on), `stream-lag` answers each handled record's lag.
 * Its environment (LOG_LEVEL, RATE_LIMIT_PER_HOUR) comes from the bench.
 */
import { dynamo } from '../../lib/data/client';
import { startTwin } from '../local/twin';
import { failStart, serveParent } from './child-process';
import { cpuMeter } from './cpu-meter';
import { meterDynamo } from './dynamo-meter';
import { answerProfileMessage, cpuProfiler } from './profiler';
import { countRequests } from './request-counter';
import { StreamLagRecorder } from './stream-lag';
import { recordWriteAcks } from './write-acks';

try {
  // No stream consumer: its polls and the stock views it writes would count as the requests' own
  // DynamoDB calls and CPU; only the webhook part, which measures checkouts beside deliveries, asks
  // for it (BENCH_STREAM=on).
  const lag = new StreamLagRecorder();
  const twin = await startTwin({
    port: 0,
    quiet: true,
    seed: true,
    stream: process.env.BENCH_STREAM === 'on',
    observeStream: lag.observe,
  });
  // The twin's start configured the client the requests use: its writes' answers time the stream's lag.
  if (process.env.BENCH_STREAM === 'on') lag.useAcks(recordWriteAcks(dynamo()));
  const meter = meterDynamo(dynamo(), { requestsOnly: true });
  const served = countRequests();
  const cpu = cpuMeter();
  const profiler = cpuProfiler();
  serveParent(
    { url: twin.url, dynamoEndpoint: twin.dynamoEndpoint, s3Endpoint: twin.s3Endpoint },
    async (message) => {
      if (message.type === 'usage') {
        const requests = await served.settle();
        return { usage: meter.take(), requests, cpuMs: cpu.take() };
      }
      // The stream's lag per record since the last ask (infra/bench/stream-lag.ts).
      if (message.type === 'stream-lag') return { ...lag.take() };
      const profiled = await answerProfileMessage(profiler, message);
      if (profiled) return profiled;
      throw new Error(`unknown message ${message.type}`);
    },
    () => twin.stop(),
  );
} catch (error) {
  failStart(error);
}
