import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * The three AWS APIs the bundles call beyond DynamoDB and S3, on 127.0.0.1, in their JSON protocols:
 * SQS SendMessage (the webhook jobs), EventBridge PutEvents (the stream consumer's events) and
 * Secrets Manager GetSecretValue (the idempotency secret). The bundles reach it through the SDK's
 * own `AWS_ENDPOINT_URL_<SERVICE>` variables: their code is what deploys, unchanged.
 */

export interface LocalAwsServices {
  /** A message for the queue at `queueUrl`; its id. Throws a `LocalAwsError` for an unknown queue. */
  sendMessage(queueUrl: string, body: string, delaySeconds: number): string;
  /** Events for a bus: their ids, in order. */
  putEvents(entries: PutEventsEntry[]): Promise<string[]>;
  /** A secret's text by ARN or name. */
  secretValue(secretId: string): string;
}

export interface PutEventsEntry {
  Source: string;
  DetailType: string;
  Detail: string;
  EventBusName?: string;
  Time?: Date;
}

/** An error the SDK reads as AWS's (`__type` and message, HTTP 400). */
export class LocalAwsError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export interface LocalAws {
  endpoint: string;
  close(): Promise<void>;
}

type Operation = (input: Record<string, unknown>, services: LocalAwsServices) => unknown;

const OPERATIONS: Readonly<Record<string, Operation>> = {
  'AmazonSQS.SendMessage': (input, services) => {
    const body = String(input.MessageBody ?? '');
    const id = services.sendMessage(String(input.QueueUrl), body, Number(input.DelaySeconds ?? 0));
    // The SDK checks the MD5 of what it sent against this.
    return { MessageId: id, MD5OfMessageBody: createHash('md5').update(body).digest('hex') };
  },
  'AWSEvents.PutEvents': async (input, services) => {
    const entries = (input.Entries as (Omit<PutEventsEntry, 'Time'> & { Time?: number })[]) ?? [];
    const ids = await services.putEvents(
      entries.map(({ Time, ...entry }) => ({ ...entry, ...(Time ? { Time: new Date(Time * 1000) } : {}) })),
    );
    return { FailedEntryCount: 0, Entries: ids.map((EventId) => ({ EventId })) };
  },
  'secretsmanager.GetSecretValue': (input, services) => {
    const id = String(input.SecretId);
    return { ARN: id, Name: id, SecretString: services.secretValue(id), VersionId: randomUUID() };
  },
};

/** Starts the endpoint on a free port of 127.0.0.1. */
export function startLocalAws(services: LocalAwsServices): Promise<LocalAws> {
  const server = createServer((req, res) => {
    answer(req, services).then(
      ({ status, body }) => reply(res, status, body),
      (error: unknown) => reply(res, 500, { __type: 'InternalFailure', message: String(error) }),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        endpoint: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

async function answer(req: IncomingMessage, services: LocalAwsServices) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const target = String(req.headers['x-amz-target'] ?? '');
  const operation = OPERATIONS[target];
  if (!operation)
    return {
      status: 400,
      body: {
        __type: 'UnknownOperationException',
        message: `${target || 'no X-Amz-Target'} is not served by the twin`,
      },
    };
  try {
    const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    return { status: 200, body: await operation(input, services) };
  } catch (error) {
    if (!(error instanceof LocalAwsError)) throw error;
    return { status: 400, body: { __type: error.type, message: error.message } };
  }
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.1',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
