import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { CustomerRecord } from '../../domain/customers/customer';
import { ConcurrentChange, StateConflict } from '../../domain/errors';
import { dynamo, tableName } from '../client';
import { nextCounterValue } from '../counters';
import { CreatedIndex } from '../feeds/created-index';
import { FeedCache } from '../feeds/feed-cache';
import { widenedOnThrottle, writerSpread } from '../feeds/feed-spread';
import { findListed, type ListPage, type PageWanted } from '../feeds/find-listed';
import { newId } from '../ids';
import { keys } from '../keys';
import {
  customerEmailGuard,
  customerEntry,
  customerEntryOfFeedItem,
  customerItems,
  customerNumberGuard,
} from './customer-items';
import { generatedCustomerNumber } from './customer-numbers';

/**
 * Customers: one item each, with guard items keeping customer numbers unique per shop
 * (attribute_not_exists in the same transaction) and mapping e-mail addresses to customers.
 */

/** A customer by id, or null; `consistent` for a read that a conditional write will follow. */
export async function getCustomer(
  shopId: string,
  customerId: string,
  options: { consistent?: boolean } = {},
): Promise<CustomerRecord | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.customer(shopId, customerId),
      ConsistentRead: options.consistent ?? false,
    }),
  );
  return Item ? (Item.data as CustomerRecord) : null;
}

/** Per instance: each shop's customers in memory, kept current from the customer feed. */
const customerIndexes = new FeedCache(
  'CUSTOMER',
  () => new CreatedIndex(customerEntryOfFeedItem),
  'snapshots',
);

/** A page of the shop's customers, newest first, and how many there are. */
export function listCustomers(shopId: string, wanted: PageWanted): Promise<ListPage<CustomerRecord>> {
  return findListed(
    customerIndexes,
    shopId,
    { fromMs: Number.NEGATIVE_INFINITY, toMs: Number.POSITIVE_INFINITY },
    wanted,
    (id) => keys.customer(shopId, id),
    (item) => {
      const record = item.data as CustomerRecord;
      return {
        record,
        entry: customerEntry(record.customerId, Date.parse(record.creationDate), record.version ?? 0),
      };
    },
  );
}

/** Forgets every shop's customer index (tests: a cold instance). */
export function forgetCustomerIndexes(): void {
  customerIndexes.forget();
}

/** A new customer record; its number is the one given or the next free generated one. */
export async function newCustomer(
  shopId: string,
  input: {
    billingAddress: CustomerRecord['billingAddress'];
    customerNumber?: string;
    internalNote?: string | null;
  },
): Promise<CustomerRecord> {
  return {
    customerId: newId(),
    customerNumber:
      input.customerNumber ?? generatedCustomerNumber(await nextCounterValue(shopId, 'customer')),
    creationDate: new Date().toISOString(),
    billingAddress: input.billingAddress,
    internalNote: input.internalNote ?? null,
  };
}

/**
 * The transaction items that create a customer: the customer and its number guard, both only if
 * new. The e-mail guard is written separately (best effort) because another customer may already
 * own the address.
 */
export function createCustomerTransactItems(shopId: string, customer: CustomerRecord, feedBuckets: number) {
  const { customer: item, numberGuard } = customerItems(shopId, customer, feedBuckets);
  return [
    { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: tableName(), Item: numberGuard, ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
}

/** Points the customer's e-mail address at it unless another customer has it already. */
export async function claimCustomerEmail(shopId: string, customer: CustomerRecord): Promise<void> {
  const emailGuard = customerEmailGuard(shopId, customer);
  if (!emailGuard) return;
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: emailGuard,
        // Its own guard is refreshed (e.g. a new customer number); another customer's stays.
        ConditionExpression: 'attribute_not_exists(pk) OR customerId = :id',
        ExpressionAttributeValues: { ':id': customer.customerId },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** Frees an e-mail address the customer no longer has, if it still points at that customer. */
async function releaseCustomerEmail(shopId: string, email: string, customerId: string): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.customerEmail(shopId, email),
        ConditionExpression: 'customerId = :id',
        ExpressionAttributeValues: { ':id': customerId },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/**
 * Stores a new customer. A given customer number that is taken is 409; a generated one that
 * collides with an imported number is skipped for the next.
 */
export async function createCustomer(
  shopId: string,
  input: Parameters<typeof newCustomer>[1],
): Promise<CustomerRecord> {
  for (let attempt = 1; ; attempt++) {
    const [customer, buckets] = await Promise.all([
      newCustomer(shopId, input),
      writerSpread(shopId, 'CUSTOMER'),
    ]);
    try {
      await widenedOnThrottle(shopId, { CUSTOMER: buckets }, () =>
        dynamo().send(
          new TransactWriteCommand({ TransactItems: createCustomerTransactItems(shopId, customer, buckets) }),
        ),
      );
      await claimCustomerEmail(shopId, customer);
      return customer;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      if (input.customerNumber !== undefined || attempt === 5) {
        throw new StateConflict(`Customer number ${customer.customerNumber} is taken`);
      }
    }
  }
}

/** 409 for a save whose customer was changed by someone else since it was read: read it again. */
export class CustomerChanged extends ConcurrentChange {
  constructor() {
    super('The customer was changed by another request; try again');
  }
}

/**
 * Replaces a customer, only if it is still the version `before` was read at (else CustomerChanged,
 * so the caller can read again and reapply its change). A changed customer number moves its guard
 * in the same transaction (409 when the new number is taken); a changed e-mail address claims the
 * new address. Returns the stored record (version raised).
 */
export async function saveCustomer(
  shopId: string,
  before: CustomerRecord,
  after: CustomerRecord,
): Promise<CustomerRecord> {
  const stored: CustomerRecord = { ...after, version: (before.version ?? 0) + 1 };
  // The feed entry moves with the version, so the lists' instances read the changed record again
  // (lib/data/feeds/kept-items.ts); the entry keeps its bucket.
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.customer(shopId, stored.customerId),
        UpdateExpression: 'SET #data = :stored, version = :next, gsi4sk = :feedSort',
        ConditionExpression:
          before.version === undefined
            ? 'attribute_exists(pk) AND attribute_not_exists(#data.#version)'
            : 'attribute_exists(pk) AND #data.#version = :version',
        ExpressionAttributeNames: { '#data': 'data', '#version': 'version' },
        ExpressionAttributeValues: {
          ':stored': stored,
          ':next': stored.version,
          ':feedSort': keys.feedSort(new Date().toISOString(), stored.customerId),
          ...(before.version === undefined ? {} : { ':version': before.version }),
        },
      },
    },
  ];
  if (before.customerNumber !== after.customerNumber) {
    items.push(
      { Delete: { TableName: tableName(), Key: keys.customerNumber(shopId, before.customerNumber) } },
      {
        Put: {
          TableName: tableName(),
          Item: customerNumberGuard(shopId, stored),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    );
  }
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const codes = (error.CancellationReasons ?? []).map((r) => r.Code);
    if (codes[0] === 'ConditionalCheckFailed' || codes.includes('TransactionConflict'))
      throw new CustomerChanged();
    throw new StateConflict(`Customer number ${after.customerNumber} is taken`);
  }
  const oldEmail = before.billingAddress.emailAddress;
  if (oldEmail && oldEmail.toLowerCase() !== after.billingAddress.emailAddress?.toLowerCase()) {
    await releaseCustomerEmail(shopId, oldEmail, after.customerId);
  }
  // The guard carries the customer number too (checkout reads it): refresh it on either change.
  if (oldEmail !== after.billingAddress.emailAddress || before.customerNumber !== after.customerNumber) {
    await claimCustomerEmail(shopId, stored);
  }
  return stored;
}
