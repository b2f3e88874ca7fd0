import { createHash, randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';

/**
 * The template's SQS queues on the twin, in process, with their event source mappings: a message
 * waits its delay, then is handed to the mapped function in batches of the mapping's size; the
 * ones the function reports failed (ReportBatchItemFailures), or a whole batch whose invocation
 * failed, come back after the queue's visibility timeout; after `maxReceiveCount` receives a message
 * moves to the dead-letter queue, as the redrive policy says.
 */

export interface QueueSettings {
  name: string;
  visibilityTimeoutSeconds: number;
  maxReceiveCount?: number;
  /** The dead-letter queue's name. */
  deadLetterQueue?: string;
}

interface Message {
  id: string;
  body: string;
  sentAt: number;
  visibleAt: number;
  receives: number;
}

/** Invokes the mapped function with one SQS event; its answer (batch item failures). */
export type QueueConsumer = (event: { Records: SQSRecord[] }) => Promise<unknown>;

/** Batches of one queue handed to its function at once (Lambda's poller starts with five). */
const BATCHES_AT_ONCE = 5;

class LocalQueue {
  readonly messages: Message[] = [];
  consumer?: { invoke: QueueConsumer; batchSize: number };
  running = 0;
  timer: NodeJS.Timeout | undefined;

  constructor(readonly settings: QueueSettings) {}
}

export class LocalQueues {
  private readonly queues = new Map<string, LocalQueue>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    queues: readonly QueueSettings[],
    private readonly report: (line: string) => void,
  ) {
    for (const settings of queues) this.queues.set(settings.name, new LocalQueue(settings));
  }

  has(name: string): boolean {
    return this.queues.has(name);
  }

  /** The event source mapping: `invoke` gets batches of up to `batchSize` messages. */
  map(name: string, invoke: QueueConsumer, batchSize: number): void {
    this.queue(name).consumer = { invoke, batchSize };
  }

  /** SendMessage: the message's id. */
  send(name: string, body: string, delaySeconds = 0): string {
    const queue = this.queue(name);
    const now = Date.now();
    const message = {
      id: randomUUID(),
      body,
      sentAt: now,
      visibleAt: now + delaySeconds * 1000,
      receives: 0,
    };
    queue.messages.push(message);
    this.schedule(queue);
    return message.id;
  }

  /** Messages waiting in a queue (visible or not): the dead-letter queues' depth. */
  depth(name: string): number {
    return this.queue(name).messages.length;
  }

  /** Stops handing out batches; waits for those being handled. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const queue of this.queues.values()) clearTimeout(queue.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  private queue(name: string): LocalQueue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`no queue ${name} in the template`);
    return queue;
  }

  /** Hands out what is visible now, and wakes up when the next message becomes visible. */
  private schedule(queue: LocalQueue): void {
    if (this.stopped || !queue.consumer) return;
    clearTimeout(queue.timer);
    const now = Date.now();
    while (queue.running < BATCHES_AT_ONCE) {
      const batch = queue.messages.filter((m) => m.visibleAt <= now).slice(0, queue.consumer.batchSize);
      if (batch.length === 0) break;
      this.handle(queue, batch);
    }
    const next = Math.min(...queue.messages.filter((m) => m.visibleAt > now).map((m) => m.visibleAt));
    if (Number.isFinite(next)) {
      queue.timer = setTimeout(() => this.schedule(queue), next - now);
      queue.timer.unref();
    }
  }

  private handle(queue: LocalQueue, batch: Message[]): void {
    const consumer = queue.consumer as NonNullable<LocalQueue['consumer']>;
    const hiddenUntil = Date.now() + queue.settings.visibilityTimeoutSeconds * 1000;
    for (const message of batch) {
      message.visibleAt = hiddenUntil;
      message.receives += 1;
    }
    queue.running += 1;
    const run = consumer
      .invoke({ Records: batch.map((m) => record(queue.settings.name, m)) })
      .then(
        (answer) => {
          const failed = new Set(
            ((answer as SQSBatchResponse | null)?.batchItemFailures ?? []).map((f) => f.itemIdentifier),
          );
          for (const message of batch) if (!failed.has(message.id)) this.remove(queue, message);
        },
        (error: unknown) =>
          this.report(
            `[queue] ${queue.settings.name}: batch failed, back after the visibility timeout: ${(error as Error).message}`,
          ),
      )
      .then(() => {
        for (const message of batch) this.deadLetterIfDue(queue, message);
        queue.running -= 1;
        this.inFlight.delete(run);
        this.schedule(queue);
      });
    this.inFlight.add(run);
  }

  private deadLetterIfDue(queue: LocalQueue, message: Message): void {
    const { maxReceiveCount, deadLetterQueue } = queue.settings;
    if (!maxReceiveCount || message.receives < maxReceiveCount || !queue.messages.includes(message)) return;
    this.remove(queue, message);
    if (deadLetterQueue) this.send(deadLetterQueue, message.body);
    this.report(
      `[queue] ${queue.settings.name}: message ${message.id} moved to ${deadLetterQueue ?? 'nowhere'} after ${message.receives} receives`,
    );
  }

  private remove(queue: LocalQueue, message: Message): void {
    const at = queue.messages.indexOf(message);
    if (at >= 0) queue.messages.splice(at, 1);
  }
}

function record(queueName: string, message: Message): SQSRecord {
  return {
    messageId: message.id,
    receiptHandle: `${message.id}-${message.receives}`,
    body: message.body,
    attributes: {
      ApproximateReceiveCount: String(message.receives),
      SentTimestamp: String(message.sentAt),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: createHash('md5').update(message.body).digest('hex'),
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:local:000000000000:${queueName}`,
    awsRegion: 'local',
  };
}
