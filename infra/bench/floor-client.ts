import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DYNAMO_CLIENT_SETTINGS, DYNAMO_MARSHALL_OPTIONS } from '../../lib/data/client-settings';
import { isWriteCommand } from '../../lib/telemetry/dynamo-meter';
import type { DynamoUsage } from './dynamo-meter';

/**
 * The floor's DynamoDB client: the SDK settings the API's client has (retries, timeouts, marshalling:
 * lib/data/client-settings.ts), but not the API's request meter (lib/telemetry/dynamo-meter.ts asks
 * every call for ReturnConsumedCapacity and keeps per-request figures for Server-Timing and metrics:
 * the API's choice, not work a request cannot avoid) nor the bench's. Calls are counted by a plain
 * counter, which asks DynamoDB for nothing more; read and write units stay 0 (the report prints the
 * API's only).
 */
export function floorDynamo(endpoint: string): {
  client: DynamoDBDocumentClient;
  take(): DynamoUsage;
} {
  const raw = new DynamoDBClient({
    region: 'local',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    ...DYNAMO_CLIENT_SETTINGS,
  });
  const client = DynamoDBDocumentClient.from(raw, { marshallOptions: DYNAMO_MARSHALL_OPTIONS });
  let commands: string[] = [];
  client.middlewareStack.add(
    (next, context) => (args) => {
      commands.push(context.commandName ?? 'unknown');
      return next(args);
    },
    { step: 'initialize', name: 'floorCallCounter' },
  );
  return {
    client,
    take: () => {
      const taken = commands;
      commands = [];
      const reads = taken.filter((command) => !isWriteCommand(command)).length;
      return { calls: taken.length, reads, leaseWrites: 0, readUnits: 0, writeUnits: 0, commands: taken };
    },
  };
}
