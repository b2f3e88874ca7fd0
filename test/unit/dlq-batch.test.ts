import { describe, expect, it } from 'vitest';
import { batchesOf } from '../../infra/replay/dlq-batch';

/** The dead-letter messages `npm run replay-stream` takes (infra/replay/dlq-batch.ts). */

const INFO = {
  shardId: 'shardId-00000001795965511135-6e1af8cb',
  startSequenceNumber: '000000000000000004553',
  endSequenceNumber: '000000000000000004570',
  streamArn: 'arn:aws:dynamodb:eu-central-1:123456789012:table/shop/stream/2026-11-29T00:00:00.000',
  batchSize: 12,
  approximateArrivalOfFirstRecord: '2026-11-29T10:00:00Z',
};
const BODY = {
  version: '1.0',
  requestContext: { condition: 'RetryAttemptsExhausted' },
  DDBStreamBatchInfo: INFO,
};
const { batchSize: _size, approximateArrivalOfFirstRecord: _first, ...POSITION } = INFO;

describe('dead-letter messages of a stream mapping', () => {
  it('takes a body, an array of bodies, or what aws sqs receive-message printed', () => {
    // Act
    const one = batchesOf(BODY);
    const many = batchesOf([BODY, BODY]);
    const received = batchesOf({ Messages: [{ MessageId: 'a', Body: JSON.stringify(BODY) }] });

    // Assess: the stream position only
    expect(one).toEqual([POSITION]);
    expect(many).toEqual([POSITION, POSITION]);
    expect(received).toEqual([POSITION]);
  });

  it('refuses what is not a stream batch, naming the message and the field', () => {
    // Act
    const noInfo = () => batchesOf([BODY, { version: '1.0' }]);
    const badNumber = () => batchesOf({ DDBStreamBatchInfo: { ...INFO, endSequenceNumber: 'last' } });
    const badBody = () => batchesOf({ Messages: [{ Body: 'not json' }] });

    // Assess
    expect(noInfo).toThrow(/^message 2: not a stream batch from a dead-letter queue \(DDBStreamBatchInfo: /);
    expect(badNumber).toThrow(/^message 1: .*\(DDBStreamBatchInfo\.endSequenceNumber: /);
    expect(badBody).toThrow(/^message 1: not a stream batch/);
  });
});
