import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * THE single-table definition, read by the CDK stack and the local launcher alike so they cannot
 * drift. Every key starts with the shop (`SHOP#{shopId}#...`); see keys.ts and the README's
 * access-pattern table.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /**
   * The list indexes (lib/data/lists): gsi1 and gsi2 hold list series by creation time (and gsi2
   * the carts by expiry), gsi3 the items whose counters lag. They carry keys and the few attributes
   * paging, counting and folding read, never whole items: skipping a page costs ~100 bytes an item.
   */
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', nonKeyAttributes: ['validUntil'] },
    {
      indexName: 'gsi2',
      partitionKey: 'gsi2pk',
      sortKey: 'gsi2sk',
      nonKeyAttributes: ['validUntil', 'tally', 'tallied'],
    },
    {
      indexName: 'gsi3',
      partitionKey: 'gsi3pk',
      sortKey: 'gsi3sk',
      nonKeyAttributes: ['validUntil', 'tally', 'tallied'],
    },
    /**
     * The order feed (lib/data/orders/order-feed.ts): every order by its last change, with the
     * compact entry the in-memory order index filters on (`ox` fixed at checkout, `os` the status
     * timestamps set, `version`), ~150 bytes an order.
     */
    {
      indexName: 'gsi4',
      partitionKey: 'gsi4pk',
      sortKey: 'gsi4sk',
      nonKeyAttributes: ['ox', 'os', 'version'],
    },
  ],
  /** Epoch seconds after which DynamoDB deletes the item (expired carts, idempotency records). */
  timeToLiveAttribute: 'expiresAt',
  billingMode: 'PAY_PER_REQUEST',
  streamViewType: 'NEW_AND_OLD_IMAGES',
} as const;

/** The CreateTable request for a table of this definition (local twin, tests). */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const { partitionKey, sortKey, globalSecondaryIndexes } = tableDefinition;
  const keyNames = [
    partitionKey,
    sortKey,
    ...globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: tableDefinition.billingMode,
    AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: globalSecondaryIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' },
        { AttributeName: g.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...g.nonKeyAttributes] },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.streamViewType },
  };
}
