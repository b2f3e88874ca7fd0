/**
 * The API of `npm run bench:faults` in a process of its own, on the bench's DynamoDB Local
 * (BENCH_DYNAMODB_ENDPOINT): the HTTP server in front of the real handlers and, as `npm start` runs
 * them, the table's stream through its consumers (the events with the webhooks' fan-out, the sales
 * tally), so DynamoDB's pauses meet the stream too. `stream-lag` answers each handled record's lag
 * since the last ask (infra/bench/stream-lag.ts).
 */
import { resetConfig } from '../../lib/config';
import { dynamo } from '../../lib/data/client';
import { startTwinEvents } from '../local/events/twin-events';
import { applyLocalEnv } from '../local/local-env';
import { startLocalServer } from '../local/server';
import { failStart, serveParent } from './child-process';
import { StreamLagRecorder } from './stream-lag';
import { recordWriteAcks } from './write-acks';

try {
  const endpoint = process.env.BENCH_DYNAMODB_ENDPOINT;
  if (!endpoint) throw new Error('BENCH_DYNAMODB_ENDPOINT is not set');
  applyLocalEnv({ endpoint });
  const server = await startLocalServer({ port: 0 });
  // Links in webhook deliveries point at this server (as the twin sets it).
  process.env.API_BASE_URL ||= server.url;
  resetConfig();
  const lag = new StreamLagRecorder();
  lag.useAcks(recordWriteAcks(dynamo()));
  const events = await startTwinEvents({ quiet: true, observe: lag.observe });
  serveParent(
    { url: server.url },
    async (message) => {
      if (message.type === 'stream-lag') return { ...lag.take() };
      throw new Error(`unknown message ${message.type}`);
    },
    async () => {
      await server.close();
      await events.stop();
    },
  );
} catch (error) {
  failStart(error);
}
