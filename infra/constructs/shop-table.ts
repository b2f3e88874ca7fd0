import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  type ITable,
  ProjectionType,
  StreamViewType,
  Table,
} from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableDefinition } from '../../lib/data/table';

const BILLING_MODES = { PAY_PER_REQUEST: BillingMode.PAY_PER_REQUEST } as const;
const STREAM_VIEWS = { NEW_AND_OLD_IMAGES: StreamViewType.NEW_AND_OLD_IMAGES } as const;

/**
 * The shop's single table, made from THE table definition (lib/data/table.ts) that the local twin
 * also uses, so the two cannot drift. The shop's data outlives the stack: deletion protection,
 * point-in-time recovery, and RETAIN when the stack is destroyed.
 */
export class ShopTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const key = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new Table(this, 'Table', {
      partitionKey: key(tableDefinition.partitionKey),
      sortKey: key(tableDefinition.sortKey),
      billingMode: BILLING_MODES[tableDefinition.billingMode],
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      stream: STREAM_VIEWS[tableDefinition.streamViewType],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of tableDefinition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        projectionType: ProjectionType.INCLUDE,
        nonKeyAttributes: [...index.nonKeyAttributes],
      });
    }
  }
}

/**
 * The ARNs a function's table statement names: the table and each of its indexes by name, so no
 * statement needs the `<table>/index/*` wildcard.
 */
export function tableResources(table: ITable): string[] {
  return [
    table.tableArn,
    ...tableDefinition.globalSecondaryIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
  ];
}
