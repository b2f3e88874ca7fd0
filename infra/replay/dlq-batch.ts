import * as z from '../../lib/schemas/zod';

/**
 * Where a batch the stream's event source mapping gave up on lies in the stream: what the mapping
 * writes to its dead-letter queue (the message body's `DDBStreamBatchInfo`; the records themselves
 * stay in the stream, for its 24 hours).
 */
const BatchInfo = z.object({
  streamArn: z.string().check(z.minLength(1)),
  shardId: z.string().check(z.minLength(1)),
  startSequenceNumber: z.string().check(z.regex(/^\d+$/)),
  endSequenceNumber: z.string().check(z.regex(/^\d+$/)),
});
export type StreamBatchInfo = z.infer<typeof BatchInfo>;

const Message = z.object({ DDBStreamBatchInfo: BatchInfo });
/** `aws sqs receive-message` prints the messages with their bodies as JSON strings. */
const Received = z.object({ Messages: z.array(z.object({ Body: z.string() })) });

/**
 * The batches a file names: one dead-letter message's body, an array of them, or what
 * `aws sqs receive-message` printed. Throws a message naming what is wrong.
 */
export function batchesOf(json: unknown): StreamBatchInfo[] {
  const received = Received.safeParse(json);
  const bodies = received.success
    ? received.data.Messages.map((m) => parseJson(m.Body))
    : Array.isArray(json)
      ? json
      : [json];
  return bodies.map((body, index) => {
    const parsed = Message.safeParse(body);
    if (parsed.success) return parsed.data.DDBStreamBatchInfo;
    const issue = parsed.error.issues[0];
    throw new Error(
      `message ${index + 1}: not a stream batch from a dead-letter queue (${issue?.path.join('.') || 'body'}: ${issue?.message})`,
    );
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
