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
   * gsi1: short shop-wide lists by time (newsletter campaigns, watched products); gsi2: pending
   * cancellations; gsi3: the stock change feed; gsi4: the feeds of orders, carts and customers
   * (lib/data/feeds). They carry keys and a few attributes, never whole items. `validUntil`, `tally`
   * and `tallied` are left from the counted lists (docs/data-model.md "Lists"): changing an index's
   * projection replaces the index, which is not worth a two-step deploy for a few unused bytes.
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
     * The feeds (lib/data/feeds/feed.ts): every order, cart and customer by its last change, with the
     * compact entry the in-memory indexes count and filter on (`ox`; an order's status timestamps set
     * `os`; `version`), ~100–250 bytes an item.
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
