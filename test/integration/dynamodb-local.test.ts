import { execFileSync } from 'node:child_process';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { startDynamoDbLocal } from '../../infra/local/dynamodb-local';

/** Processes (the java one, or any: java and its sh wrapper) of DynamoDB Local on a port. */
function processesOnPort(port: string, onlyJava = false): string[] {
  const pattern = `${onlyJava ? '^java .*' : ''}DynamoDBLocal.jar .*-port ${port}( |$)`;
  try {
    return execFileSync('pgrep', ['-f', pattern], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

describe('DynamoDB Local launcher', () => {
  it('starts on a free port, answers the SDK and is gone after stop', { timeout: 60_000 }, async () => {
    const db = await startDynamoDbLocal({});
    const port = new URL(db.endpoint).port;
    try {
      expect(db.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(processesOnPort(port, true)).toHaveLength(1);
      const client = new DynamoDBClient({
        endpoint: db.endpoint,
        region: 'local',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      const tables = await client.send(new ListTablesCommand({}));
      expect(tables.TableNames).toEqual([]);
      client.destroy();
    } finally {
      await db.stop();
    }
    expect(processesOnPort(port)).toEqual([]);
  });
});
