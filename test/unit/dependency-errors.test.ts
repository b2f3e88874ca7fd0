import {
  ConditionalCheckFailedException,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
  TransactionInProgressException,
} from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { isTransientDependencyError } from '../../lib/data/dependency-errors';

/** Which DynamoDB failures the API answers with 503 and Retry-After (temporary) rather than 500. */
describe('isTransientDependencyError', () => {
  it('takes throttling, timeouts, a transaction still in progress and broken connections as temporary', () => {
    const timeout = Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

    expect(
      isTransientDependencyError(new ProvisionedThroughputExceededException({ message: 'x', $metadata: {} })),
    ).toBe(true);
    expect(
      isTransientDependencyError(new TransactionInProgressException({ message: 'x', $metadata: {} })),
    ).toBe(true);
    expect(isTransientDependencyError(timeout)).toBe(true);
    expect(isTransientDependencyError(new Error('wrapped', { cause: reset }))).toBe(true);
  });

  it('does not take a broken rule for a temporary failure', () => {
    const conditional = new ConditionalCheckFailedException({ message: 'x', $metadata: {} });
    const canceled = new TransactionCanceledException({
      message: 'x',
      $metadata: {},
      CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
    });

    expect(isTransientDependencyError(conditional)).toBe(false);
    expect(isTransientDependencyError(canceled)).toBe(false);
    expect(isTransientDependencyError(new Error('a bug'))).toBe(false);
  });
});
