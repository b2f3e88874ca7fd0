import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  type DescribeStreamInput,
  type DescribeStreamOutput,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  type GetRecordsInput,
  type GetRecordsOutput,
  GetShardIteratorCommand,
  type GetShardIteratorInput,
  type GetShardIteratorOutput,
} from '@aws-sdk/client-dynamodb-streams';
import { config } from '../../../lib/config';
import { dynamoRaw, tableName } from '../../../lib/data/client';
import { AWS_REQUEST_HANDLER } from '../../../lib/data/client-settings';

/**
 * The three calls of the DynamoDB Streams API the runner makes, as plain functions (unit tests
 * give a stream of their own: shard splits cannot be made to happen on DynamoDB Local). Each takes
 * the runner's abort signal, so stopping ends a call in flight.
 */
export interface StreamsApi {
  describeStream(input: DescribeStreamInput, signal?: AbortSignal): Promise<DescribeStreamOutput>;
  getShardIterator(input: GetShardIteratorInput, signal?: AbortSignal): Promise<GetShardIteratorOutput>;
  getRecords(input: GetRecordsInput, signal?: AbortSignal): Promise<GetRecordsOutput>;
}

/**
 * The Streams API of the configured DynamoDB (Local: it serves streams on its own port). One
 * attempt per call: the runner has its own backoff and must not wait out the SDK's on a stop.
 */
export function configuredStreamsApi(): StreamsApi {
  const cfg = config();
  const client = new DynamoDBStreamsClient({
    region: cfg.AWS_REGION,
    maxAttempts: 1,
    requestHandler: AWS_REQUEST_HANDLER,
    ...(cfg.DYNAMODB_ENDPOINT
      ? { endpoint: cfg.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  return {
    describeStream: (input, abortSignal) => client.send(new DescribeStreamCommand(input), { abortSignal }),
    getShardIterator: (input, abortSignal) =>
      client.send(new GetShardIteratorCommand(input), { abortSignal }),
    getRecords: (input, abortSignal) => client.send(new GetRecordsCommand(input), { abortSignal }),
  };
}

/** The ARN of the configured table's stream (lib/data/table.ts enables it, locally too). */
export async function tableStreamArn(): Promise<string> {
  const { Table } = await dynamoRaw().send(new DescribeTableCommand({ TableName: tableName() }));
  if (!Table?.LatestStreamArn) throw new Error(`table ${tableName()} has no stream`);
  return Table.LatestStreamArn;
}
