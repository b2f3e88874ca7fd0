import { loadCatalog } from '../../data/catalog/catalog-repository';
import { getCustomer } from '../../data/customers/customer-repository';
import { getOrderWithDocuments } from '../../data/orders/order-repository';
import { productView } from '../../domain/catalog/product-view';
import { customerView } from '../../domain/customers/customer-view';
import { availabilityOf, stockLevel } from '../../domain/inventory/stock';
import { shopUrl, type ViewContext } from '../../domain/links';
import { orderView } from '../../domain/orders/order-view';
import type { WebhookEventType } from '../../domain/webhooks/webhook';
import { liveUnits } from '../inventory/live-stock';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The `entity` and `entityUrl` of an event (docs/webhooks.md "Event types"): the resource as its GET
 * answers it, read when the event is fanned out, so every webhook gets the same state. undefined
 * when the resource is gone by then (e.g. a product deleted right after its update): nothing is sent.
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
      const found = await getOrderWithDocuments(base.shopId, text(detail.orderId));
      if (!found) return undefined;
      const view = ctx(found.order.locale);
      return {
        entity: orderView(found.order, view),
        entityUrl: shopUrl(view, 'orders', found.order.orderId),
      };
    }
    case 'CUSTOMER_CREATE': {
      const catalog = await loadCatalog(base.shopId);
      const customer = await getCustomer(base.shopId, text(detail.customerId));
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

/** The product events' entities: the whole product, or its stock figures for the stock events. */
async function productEntity(
  type: 'PRODUCT_CREATE' | 'PRODUCT_UPDATE' | 'STOCK_LOW' | 'STOCK_OUT' | 'STOCK_BACK',
  detail: Record<string, unknown>,
  ctx: (locale: string) => ViewContext,
) {
  const catalog = await loadCatalog(ctx('').shopId);
  const product = catalog?.products.get(text(detail.productId));
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
  return {
    entity: type === 'STOCK_BACK' ? { ...figures, watchers: detail.watchers ?? 0 } : figures,
    entityUrl,
  };
}
