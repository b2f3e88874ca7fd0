import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { StateConflict, StorageBusy } from '../../domain/errors';
import type { DocumentRecord, DocumentType, OrderRecord } from '../../domain/orders/order';
import { backoff } from '../backoff';
import { dynamo, tableName } from '../client';
import { isTransientDependencyError } from '../dependency-errors';
import { keys } from '../keys';
import { documentItem } from './order-items';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Racing documents take turns on the shop's counter; each lost round backs off a little more. */
const MAX_ATTEMPTS = 25;

/**
 * Finalizes an order document in ONE transaction: the next number of the shop's document sequence
 * (counter moved from the value read, so no gaps and no repeats), the document item, and a guard
 * item per type in the order's partition: an order has at most one invoice, and a credit note only
 * once that invoice exists (409 otherwise). An invoice also stamps the order's `invoicedOn`.
 */
export async function finalizeDocument(
  order: OrderRecord,
  documentType: DocumentType,
  build: (documentNumber: string) => DocumentRecord,
): Promise<DocumentRecord> {
  for (let attempt = 1; ; attempt++) {
    const { Item } = await dynamo().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.counter(order.shopId, 'document'),
        ConsistentRead: true,
      }),
    );
    const next = ((Item?.value as number | undefined) ?? 0) + 1;
    const document = build(String(next));
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: transactItems(order, document, next) }));
      return document;
    } catch (error) {
      // Throttled or failing: nothing was written; the API answers 503 and the client retries.
      if (!(error instanceof TransactionCanceledException) || isTransientDependencyError(error)) throw error;
      const codes = (error.CancellationReasons ?? []).map((r) => r.Code);
      // Items 2 and 3 are the type guards: a rule, not a race.
      if (codes[2] === 'ConditionalCheckFailed' || codes[3] === 'ConditionalCheckFailed') {
        throw new StateConflict(
          documentType === 'Invoice'
            ? 'The order has an invoice already'
            : 'A credit note needs the order\u2019s invoice, and an invoice takes one credit note',
        );
      }
      // Still contended after many rounds: a temporary condition, the client retries.
      if (attempt === MAX_ATTEMPTS) throw new StorageBusy();
      await backoff(attempt);
    }
  }
}

function transactItems(order: OrderRecord, document: DocumentRecord, next: number): TransactItem[] {
  const table = tableName();
  const orderKey = keys.order(order.shopId, order.orderId);
  const guard = (type: DocumentType) => ({ pk: orderKey.pk, sk: `GUARD#${type}` });
  const invoice = document.documentType === 'Invoice';
  return [
    {
      Update: {
        TableName: table,
        Key: keys.counter(order.shopId, 'document'),
        UpdateExpression: 'SET #value = :next',
        ConditionExpression: next === 1 ? 'attribute_not_exists(#value)' : '#value = :previous',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: next === 1 ? { ':next': next } : { ':next': next, ':previous': next - 1 },
      },
    },
    {
      Put: {
        TableName: table,
        Item: documentItem(document),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: table,
        Item: {
          ...guard(document.documentType),
          kind: 'documentGuard',
          documentNumber: document.documentNumber,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    invoice
      ? {
          Update: {
            TableName: table,
            Key: orderKey,
            UpdateExpression: 'SET #data.#timestamps.#invoicedOn = :now',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: {
              '#data': 'data',
              '#timestamps': 'timestamps',
              '#invoicedOn': 'invoicedOn',
            },
            ExpressionAttributeValues: { ':now': document.createdAt },
          },
        }
      : {
          ConditionCheck: {
            TableName: table,
            Key: guard('Invoice'),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
  ];
}
