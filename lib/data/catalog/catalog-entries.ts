import type { Catalog } from '../../domain/catalog/catalog';
import type { CatalogProjection } from '../../domain/catalog/catalog-projection';
import type { ShopFile } from '../../domain/catalog/catalog-types';
import type { CouponCampaign, CouponCode } from '../../domain/coupons/coupon-campaign';
import type { CatalogKind } from '../keys';
import type { CatalogProducts } from './catalog-products';

/**
 * The shapes the catalog's storage speaks in (items, changes, a state held in memory), apart from
 * the code that reads, writes and encodes them, so those files depend on these and not on each other.
 */

/** A stored catalog item: kind, id, list position and data. */
export interface CatalogEntry {
  kind: CatalogKind;
  id: string;
  position: number;
  data: unknown;
}

/** One item of a catalog change: its new content, or its removal. */
export type CatalogChange = CatalogEntry | { kind: CatalogKind; id: string; deleted: true };

export type OtherKind = Exclude<CatalogKind, 'product'>;
/** The items besides products (few: settings, tax classes, categories, ...) by kind, then id. */
export type OtherEntries = ReadonlyMap<OtherKind, ReadonlyMap<string, CatalogEntry>>;

/** A shop's catalog at one version as this process holds it, with what a refresh builds on. */
export interface CatalogState {
  catalog: Catalog;
  products: CatalogProducts;
  projection: CatalogProjection;
  others: OtherEntries;
  /** The snapshot this state was loaded from or last saw (its chunks when known), null without one. */
  snapshot: { id: string; version: number; chunks?: number } | null;
}

/** What each catalog item kind stores in its `data` attribute. */
export interface CatalogItemData {
  settings: ShopFile['settings'];
  taxClass: ShopFile['taxClasses'][number];
  shippingMethod: ShopFile['shippingMethods'][number];
  couponCampaign: CouponCampaign;
  /** Its item's id is the upper-cased code. */
  couponCode: CouponCode;
  basketDiscount: ShopFile['basketDiscounts'][number];
  attributeDefinition: ShopFile['attributeDefinitions'][number];
  productType: ShopFile['productTypes'][number];
  category: ShopFile['categories'][number];
  product: ShopFile['products'][number];
  legal: ShopFile['legal']['contactInformation'];
  /** One legal page by locale; its item's id is the page (privacy-policy, ...). */
  legalPage: NonNullable<ShopFile['legal']['pages']>[string];
  scriptTag: NonNullable<ShopFile['scriptTags']>[number];
}
