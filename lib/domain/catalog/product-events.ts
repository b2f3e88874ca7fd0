import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';

/**
 * The catalog's product events (docs/catalog.md "Product writes"). A product write
 * names its events in the change-log entry it writes (lib/data/catalog/catalog-writes.ts), in the
 * same transaction as the change, so an event is raised exactly when its change was stored; the
 * stream consumer reads them from the entry's INSERT. Stock changes by orders never write the
 * catalog, so they raise only the inventory events.
 */
export type ProductEvent =
  | { type: 'ProductCreated'; productId: string; productNumber: string }
  | { type: 'ProductUpdated'; productId: string; changedFields: string[] }
  | { type: 'ProductDeleted'; productId: string; productNumber: string };

/**
 * Created and updated events name the catalog version their change wrote, so a webhook renders the
 * product as that version held it (docs/webhooks.md "State at the time"); the entry carries it.
 */
type Published<E extends ProductEvent> = E extends { type: 'ProductDeleted' }
  ? E
  : E & { catalogVersion: number };

/** The attribute of a change-log entry that carries its product events (the stream filter's key). */
export const PRODUCT_EVENTS_ATTRIBUTE = 'productEvents';

/** An event as published: its type, when, and the shop with the event's fields. */
export type CatalogProductEvent = {
  [T in ProductEvent['type']]: {
    type: T;
    time: string;
    detail: { shopId: string } & Omit<Published<Extract<ProductEvent, { type: T }>>, 'type'>;
  };
}[ProductEvent['type']];

type Image = Record<string, AttributeValue>;

/** The product events of a change-log entry's INSERT; [] for every other record. */
export function productEventsOf(record: DynamoDBRecord): CatalogProductEvent[] {
  if (record.eventName !== 'INSERT') return [];
  const image = record.dynamodb?.NewImage as Image | undefined;
  const shopId = image?.shopId?.S;
  const listed = image?.[PRODUCT_EVENTS_ATTRIBUTE]?.L;
  if (!shopId || !listed) return [];
  const time = image.changedAt?.S ?? new Date().toISOString();
  const catalogVersion = Number(image.version?.N);
  return listed.flatMap((value): CatalogProductEvent[] => {
    const m = value.M;
    const type = m?.type?.S;
    const productId = m?.productId?.S;
    if (!m || !productId) return [];
    if (type === 'ProductUpdated') {
      const changedFields = (m.changedFields?.L ?? []).flatMap((f) => (f.S === undefined ? [] : [f.S]));
      return [{ type, time, detail: { shopId, productId, changedFields, catalogVersion } }];
    }
    const productNumber = m.productNumber?.S;
    if (productNumber === undefined) return [];
    if (type === 'ProductCreated')
      return [{ type, time, detail: { shopId, productId, productNumber, catalogVersion } }];
    if (type === 'ProductDeleted') return [{ type, time, detail: { shopId, productId, productNumber } }];
    return [];
  });
}
