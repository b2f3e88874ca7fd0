import { loadCatalog } from '../../data/catalog/catalog-repository';
import { getCustomer } from '../../data/customers/customer-repository';
import { clearedWatchers, lastClearing } from '../../data/inventory/watcher-clearing';
import { getOrderWithDocuments } from '../../data/orders/order-repository';
import { type EventStateRef, readEventState, readProductState } from '../../data/webhooks/event-states';
import type { ShopProduct } from '../../domain/catalog/catalog-types';
import { productView } from '../../domain/catalog/product-view';
import type { CustomerRecord } from '../../domain/customers/customer';
import { customerView } from '../../domain/customers/customer-view';
import { availabilityOf, stockLevel } from '../../domain/inventory/stock';
import { STOCK_BACK_MAX_EMAILS } from '../../domain/inventory/watchers';
import { shopUrl, type ViewContext } from '../../domain/links';
import type { OrderRecord } from '../../domain/orders/order';
import { orderView } from '../../domain/orders/order-view';
import type { WebhookEventType } from '../../domain/webhooks/webhook';
import { liveUnits } from '../inventory/live-stock';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The `entity` and `entityUrl` of an event (docs/webhooks.md "Event types"): the resource as its GET
 * answers it. Orders, customers and created or updated products are rendered from the state their
 * event's change wrote (kept from the stream: lib/data/webhooks/event-states.ts), so a quick later
 * change never shows in an earlier event; without a kept state, as read now. undefined when there is
 * neither (e.g. a product deleted right after an update no webhook kept a state for): nothing is sent.
 */
export async function eventEntity(
  type: Exclude<WebhookEventType, 'PING'>,
  detail: Record<string, unknown>,
  base: Omit<ViewContext, 'locale'>,
): Promise<{ entity: unknown; entityUrl: string } | undefined> {
  const ctx = (locale: string): ViewContext => ({ ...base, locale });
  switch (type) {
    case 'ORDER_CREATE':
    case 'ORDER_UPDATE': {
      const order =
        ((await readEventState(base.shopId, orderStateRef(type, detail))) as OrderRecord | undefined) ??
        (await getOrderWithDocuments(base.shopId, text(detail.orderId)))?.order;
      if (!order) return undefined;
      const view = ctx(order.locale);
      return { entity: orderView(order, view), entityUrl: shopUrl(view, 'orders', order.orderId) };
    }
    case 'CUSTOMER_CREATE': {
      const catalog = await loadCatalog(base.shopId);
      const ref: EventStateRef = { kind: 'CUSTOMER', id: text(detail.customerId), change: 'CREATE' };
      const customer =
        ((await readEventState(base.shopId, ref)) as CustomerRecord | undefined) ??
        (await getCustomer(base.shopId, text(detail.customerId)));
      if (!catalog || !customer) return undefined;
      const view = ctx(catalog.settings.defaultLocale);
      return {
        entity: customerView(customer, view),
        entityUrl: shopUrl(view, 'customers', customer.customerId),
      };
    }
    case 'NEWSLETTER_CONFIRM': {
      // The request as raised (its token is the mail's link); the URL is where the token goes.
      const campaignId = text(detail.campaignId);
      const entity = {
        campaignId,
        email: text(detail.email),
        confirmToken: text(detail.confirmToken),
        expiresOn: text(detail.expiresOn),
      };
      const url = shopUrl(ctx(''), 'newsletter-campaigns', campaignId, 'subscribers', 'confirm');
      return { entity, entityUrl: url };
    }
    case 'PRODUCT_DELETE': {
      const entity = { productId: text(detail.productId), productNumber: text(detail.productNumber) };
      return { entity, entityUrl: shopUrl(ctx(''), 'products', entity.productId) };
    }
    default:
      return productEntity(type, detail, ctx);
  }
}

/** Which kept state an order event renders: its creation, or the version its PATCH wrote. */
function orderStateRef(
  type: 'ORDER_CREATE' | 'ORDER_UPDATE',
  detail: Record<string, unknown>,
): EventStateRef {
  const id = text(detail.orderId);
  // An OrderUpdated raised before events named their version has no state: `V#NaN` finds none.
  return { kind: 'ORDER', id, change: type === 'ORDER_CREATE' ? 'CREATE' : `V#${Number(detail.version)}` };
}

/**
 * The first 1,000 addresses of the clearing a ProductBackInStock names (oldest first, as sent):
 * none when a later clearing replaced it, or the product had no watchers.
 */
async function watcherEmails(shopId: string, detail: Record<string, unknown>): Promise<string[]> {
  const productId = text(detail.productId);
  const clearing = await lastClearing(shopId, productId);
  if (!clearing || clearing.clearedOn !== detail.clearedOn) return [];
  const count = Math.min(STOCK_BACK_MAX_EMAILS, clearing.moved);
  return (await clearedWatchers(shopId, productId, clearing.clearedOn, 0, count)).map((w) => w.emailAddress);
}

/** The product events' entities: the whole product, or its stock figures for the stock events. */
async function productEntity(
  type: 'PRODUCT_CREATE' | 'PRODUCT_UPDATE' | 'STOCK_LOW' | 'STOCK_OUT' | 'STOCK_BACK',
  detail: Record<string, unknown>,
  ctx: (locale: string) => ViewContext,
) {
  const shopId = ctx('').shopId;
  const productId = text(detail.productId);
  const catalog = await loadCatalog(shopId);
  const written =
    type === 'PRODUCT_CREATE' || type === 'PRODUCT_UPDATE'
      ? ((await readProductState(shopId, productId, Number(detail.catalogVersion))) as
          | ShopProduct
          | undefined)
      : undefined;
  const product = written ?? catalog?.products.get(productId);
  if (!catalog || !product) return undefined;
  const view = { ...ctx(catalog.settings.defaultLocale), currency: catalog.settings.defaultCurrency };
  const entityUrl = shopUrl(view, 'products', product.productId);
  const units = await liveUnits(view.shopId, product);
  const stocklevel = units === null ? null : stockLevel(units);
  const availability = availabilityOf(stocklevel, product.minStocklevel);
  if (type === 'PRODUCT_CREATE' || type === 'PRODUCT_UPDATE') {
    const entity = {
      ...productView(catalog, product, view),
      stocklevel,
      minStocklevel: product.minStocklevel,
      availability,
    };
    return { entity, entityUrl };
  }
  const figures = {
    productId: product.productId,
    productNumber: product.productNumber,
    // The level the event was raised for, not whatever it is by now.
    stocklevel: typeof detail.stocklevel === 'number' ? detail.stocklevel : stocklevel,
    minStocklevel: product.minStocklevel,
    availability,
  };
  if (type !== 'STOCK_BACK') return { entity: figures, entityUrl };
  const emails = await watcherEmails(view.shopId, detail);
  return { entity: { ...figures, watchers: detail.watchers ?? 0, watcherEmails: emails }, entityUrl };
}
