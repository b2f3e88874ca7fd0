import type { CouponCampaign, CouponCode } from '../coupons/coupon-campaign';
import type { LiveStock } from '../inventory/live-stock';
import type {
  ShopAttributeDefinition,
  ShopBasketDiscount,
  ShopCategory,
  ShopContactInformation,
  ShopLegalPage,
  ShopProduct,
  ShopProductType,
  ShopScriptTag,
  ShopSettings,
  ShopShippingMethod,
  ShopTaxClass,
} from './catalog-types';

/**
 * A shop's catalog and settings as one in-memory value: what listing, pricing and search read.
 * Built by lib/data/catalog/catalog-repository.ts from the shop's catalog partition and cached per
 * catalog version.
 */
export interface Catalog {
  shopId: string;
  version: number;
  settings: ShopSettings;
  taxClasses: ReadonlyMap<string, ShopTaxClass>;
  shippingMethods: readonly ShopShippingMethod[];
  /** Coupon campaigns by id (shop-file coupons become campaigns: lib/domain/coupons/file-coupons.ts). */
  couponCampaigns: ReadonlyMap<string, CouponCampaign>;
  /** Their codes by upper-cased code: codes are case-insensitive. */
  couponCodes: ReadonlyMap<string, CouponCode>;
  basketDiscounts: readonly ShopBasketDiscount[];
  attributeDefinitions: ReadonlyMap<string, ShopAttributeDefinition>;
  productTypes: ReadonlyMap<string, ShopProductType>;
  categories: ReadonlyMap<string, ShopCategory>;
  products: ReadonlyMap<string, ShopProduct>;
  /** Live stock of the tracked products (lib/data/inventory/stock-view.ts), when the data layer has it. */
  stock?: LiveStock;
  /** Contact information by locale. */
  legal: Readonly<Record<string, ShopContactInformation>>;
  /** The other legal pages (privacy-policy, ...) by page, then locale: only those written. */
  legalPages: ReadonlyMap<string, Readonly<Record<string, ShopLegalPage>>>;
  /** Script tags, oldest first. */
  scriptTags: readonly ShopScriptTag[];
}

/** Localized text in a locale, falling back to the shop's default locale. */
export function localize(
  catalog: Catalog,
  text: Readonly<Record<string, string>> | null | undefined,
  locale: string,
): string | null {
  if (!text) return null;
  return text[locale] ?? text[catalog.settings.defaultLocale] ?? Object.values(text)[0] ?? null;
}
