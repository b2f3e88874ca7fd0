import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { request } from 'node:https';
import { SignatureV4 } from '@smithy/signature-v4';
import type { SourceData } from '@smithy/types';
import type { BusEntry } from '../../lib/domain/domain-events';

/**
 * The one EventBridge call the stream consumer needs (PutEvents), behind an interface shaped like
 * an SDK client's `send`, so tests inject a plain object. The real client signs the JSON request
 * with the SDK's own SigV4 signer (`@smithy/signature-v4`, which the DynamoDB client brings along):
 * `@aws-sdk/client-eventbridge` is not a dependency of the project. Swapping it in later changes
 * only this file.
 */

export interface PutEventsInput {
  Entries: BusEntry[];
}

export interface PutEventsOutput {
  FailedEntryCount?: number;
  Entries?: { EventId?: string; ErrorCode?: string; ErrorMessage?: string }[];
}

export interface EventBusClient {
  send(input: PutEventsInput): Promise<PutEventsOutput>;
}

/** SHA-256 and HMAC-SHA256 for the signer, from node:crypto (exported for its test). */
export class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

function bytes(data: SourceData): string | Uint8Array {
  if (typeof data === 'string') return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data);
}

/** Lambda hands the function role's credentials over in the environment. */
function credentialsFromEnv() {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment');
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

/** An EventBridge client for the function's region (AWS JSON 1.1 protocol, SigV4). */
export function eventBridgeClient(region: string): EventBusClient {
  const hostname = `events.${region}.amazonaws.com`;
  const signer = new SignatureV4({
    service: 'events',
    region,
    credentials: async () => credentialsFromEnv(),
    sha256: Sha256,
  });
  return {
    async send(input) {
      const body = JSON.stringify({
        // The JSON protocol sends timestamps as epoch seconds.
        Entries: input.Entries.map(({ Time, ...entry }) => ({
          ...entry,
          ...(Time ? { Time: Time.getTime() / 1000 } : {}),
        })),
      });
      const signed = await signer.sign({
        method: 'POST',
        protocol: 'https:',
        hostname,
        path: '/',
        query: {},
        headers: {
          host: hostname,
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSEvents.PutEvents',
        },
        body,
      });
      const { status, text } = await post(hostname, signed.headers, body);
      if (status !== 200) {
        // The error type names the cause (AccessDenied, ...); the body holds no secrets.
        throw new Error(`PutEvents answered ${status}: ${text.slice(0, 300)}`);
      }
      return JSON.parse(text) as PutEventsOutput;
    },
  };
}

function post(hostname: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request({ hostname, path: '/', method: 'POST', headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('PutEvents timed out')));
    req.on('error', reject);
    req.end(body);
  });
}
