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

/** Which document: an invoice, a credit note asked for (needs the invoice), or a cancellation's. */
type Finalizing = DocumentType | 'CancellationCreditNote';

/** Transaction items in order; a cancellation reason's index says which one failed. */
const TYPE_GUARD = 2;
const ORDER = 3;
const INVOICE_GUARD = 4;

/**
 * Finalizes an order document in ONE transaction: the next number of the shop's document sequence
 * (counter moved from the value read, so no gaps and no repeats), the document item, and a guard
 * item per type in the order's partition: an order has at most one invoice, and a credit note only
 * once that invoice exists (409 otherwise). The order's version and lastUpdatedOnDate move with it
 * (docs/orders.md "PATCH /orders/{o}": a document changes the order); an invoice also stamps `invoicedOn`,
 * and only on an order not rejected (409), so an invoice never slips past a cancellation's credit note.
 */
export function finalizeDocument(
  order: OrderRecord,
  documentType: DocumentType,
  build: (documentNumber: string) => DocumentRecord,
): Promise<DocumentRecord> {
  return finalize(order, documentType, build) as Promise<DocumentRecord>;
}

/**
 * The credit note of a cancelled order (docs/orders.md): like finalizeDocument's, but without the
 * invoice document (an order invoiced by PATCH of invoicedOn has none). Its guard makes it one per
 * order: null when the order has its credit note already (an earlier attempt, or the merchant's).
 */
export function finalizeCancellationCreditNote(
  order: OrderRecord,
  build: (documentNumber: string) => DocumentRecord,
): Promise<DocumentRecord | null> {
  return finalize(order, 'CancellationCreditNote', build);
}

async function finalize(
  order: OrderRecord,
  finalizing: Finalizing,
  build: (documentNumber: string) => DocumentRecord,
): Promise<DocumentRecord | null> {
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
      await dynamo().send(
        new TransactWriteCommand({ TransactItems: transactItems(order, document, next, finalizing) }),
      );
      return document;
    } catch (error) {
      // Throttled or failing: nothing was written; the API answers 503 and the client retries.
      if (!(error instanceof TransactionCanceledException) || isTransientDependencyError(error)) throw error;
      const codes = (error.CancellationReasons ?? []).map((r) => r.Code);
      if (codes[TYPE_GUARD] === 'ConditionalCheckFailed' && finalizing === 'CancellationCreditNote')
        return null;
      if (codes[ORDER] === 'ConditionalCheckFailed')
        throw new StateConflict('The order is rejected: it takes no invoice');
      if (
        codes[TYPE_GUARD] === 'ConditionalCheckFailed' ||
        codes[INVOICE_GUARD] === 'ConditionalCheckFailed'
      ) {
        throw new StateConflict(
          finalizing === 'Invoice'
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

function transactItems(
  order: OrderRecord,
  document: DocumentRecord,
  next: number,
  finalizing: Finalizing,
): TransactItem[] {
  const table = tableName();
  const orderKey = keys.order(order.shopId, order.orderId);
  const guard = (type: DocumentType) => ({ pk: orderKey.pk, sk: `GUARD#${type}` });
  const invoice = finalizing === 'Invoice';
  const items: TransactItem[] = [
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
    {
      Update: {
        TableName: table,
        Key: orderKey,
        // The version moves, so a PATCH decided before this document writes nothing (it reads again).
        // The order feed (order-feed.ts) follows: the change's time, and an invoice's status.
        UpdateExpression: `SET #data.#updatedAt = :now, gsi4sk = :feedSort${invoice ? ', #data.#timestamps.#invoicedOn = :now' : ''} ADD version :one${invoice ? ', os :invoiced' : ''}`,
        ConditionExpression: invoice
          ? 'attribute_exists(pk) AND attribute_type(#data.#timestamps.#rejectedOn, :null)'
          : 'attribute_exists(pk)',
        ExpressionAttributeNames: {
          '#data': 'data',
          '#updatedAt': 'updatedAt',
          ...(invoice
            ? { '#timestamps': 'timestamps', '#invoicedOn': 'invoicedOn', '#rejectedOn': 'rejectedOn' }
            : {}),
        },
        ExpressionAttributeValues: {
          ':now': document.createdAt,
          ':one': 1,
          ':feedSort': keys.feedSort(document.createdAt, order.orderId),
          ...(invoice ? { ':null': 'NULL', ':invoiced': new Set(['invoicedOn']) } : {}),
        },
      },
    },
  ];
  if (finalizing === 'CreditNote') {
    items.push({
      ConditionCheck: {
        TableName: table,
        Key: guard('Invoice'),
        ConditionExpression: 'attribute_exists(pk)',
      },
    });
  }
  return items;
}
