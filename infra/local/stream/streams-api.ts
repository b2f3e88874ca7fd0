import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  type DescribeStreamInput,
  type DescribeStreamOutput,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  type GetRecordsInput,
  GetShardIteratorCommand,
  type GetShardIteratorInput,
  type GetShardIteratorOutput,
} from '@aws-sdk/client-dynamodb-streams';
import { config } from '../../../lib/config';
import { dynamoRaw, tableName } from '../../../lib/data/client';
import { AWS_REQUEST_HANDLER } from '../../../lib/data/client-settings';
import type { StreamApiRecord } from './stream-record';

/** A page of GetRecords, its records as the API's JSON carries them. */
export interface StreamRecordsPage {
  Records?: StreamApiRecord[];
  NextShardIterator?: string;
}

/**
 * The three calls of the DynamoDB Streams API the runner makes, as plain functions (unit tests
 * give a stream of their own: shard splits cannot be made to happen on DynamoDB Local). Each takes
 * the runner's abort signal, so stopping ends a call in flight.
 */
export interface StreamsApi {
  describeStream(input: DescribeStreamInput, signal?: AbortSignal): Promise<DescribeStreamOutput>;
  getShardIterator(input: GetShardIteratorInput, signal?: AbortSignal): Promise<GetShardIteratorOutput>;
  getRecords(input: GetRecordsInput, signal?: AbortSignal): Promise<StreamRecordsPage>;
}

/**
 * The Streams API of the configured DynamoDB (Local: it serves streams on its own port). One
 * attempt per call by default: the runner has its own backoff and must not wait out the SDK's on a
 * stop. A command line tool reading a busy stream in AWS asks for more (a shard takes 5 GetRecords a
 * second, shared with the mappings that read it; the SDK retries a throttled call after a backoff).
 */
export function configuredStreamsApi({ maxAttempts = 1 }: { maxAttempts?: number } = {}): StreamsApi {
  const cfg = config();
  const client = new DynamoDBStreamsClient({
    region: cfg.AWS_REGION,
    maxAttempts,
    requestHandler: AWS_REQUEST_HANDLER,
    ...(cfg.DYNAMODB_ENDPOINT
      ? { endpoint: cfg.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  return {
    describeStream: (input, abortSignal) => client.send(new DescribeStreamCommand(input), { abortSignal }),
    getShardIterator: (input, abortSignal) =>
      client.send(new GetShardIteratorCommand(input), { abortSignal }),
    getRecords: async (input, abortSignal) => {
      const command = new GetRecordsCommand(input);
      let page: StreamRecordsPage = {};
      // Inside the SDK's deserializer (a low priority in its step): it sees the answer first.
      command.middlewareStack.add(
        (next) => async (args) => {
          const result = await next(args);
          page = (await takeJsonBody(result.response as HttpAnswer)) ?? page;
          return result;
        },
        { step: 'deserialize', priority: 'low', name: 'streamRecordsAsJson' },
      );
      await client.send(command, { abortSignal });
      return page;
    },
  };
}

interface HttpAnswer {
  statusCode?: number;
  body: unknown;
}

/**
 * A successful answer's JSON, read here, and an empty object left for the SDK's deserializer in its
 * place (an error reaches it whole). The SDK's schema-based deserializer took ~285 µs of CPU a stream
 * record, JSON.parse ~50 (docs/performance.md "DynamoDB pauses"), and each mapping reads every record
 * of the table to keep the few its filters pass; the wire's JSON is already Lambda's shape.
 */
async function takeJsonBody(response: HttpAnswer): Promise<StreamRecordsPage | undefined> {
  if (response.statusCode !== 200) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of response.body as AsyncIterable<Buffer>) chunks.push(chunk);
  response.body = new TextEncoder().encode('{}');
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as StreamRecordsPage;
}

/** The ARN of the configured table's stream (lib/data/table.ts enables it, locally too). */
export async function tableStreamArn(): Promise<string> {
  const { Table } = await dynamoRaw().send(new DescribeTableCommand({ TableName: tableName() }));
  if (!Table?.LatestStreamArn) throw new Error(`table ${tableName()} has no stream`);
  return Table.LatestStreamArn;
}
