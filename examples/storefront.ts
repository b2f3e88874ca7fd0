import { bodyOf, type ShopClient, shopClient } from './client/shop-client';

/**
 * An example storefront on the typed client (examples/client): it browses the products, searches
 * with a facet, builds a cart (lines, coupon, addresses, shipping) and checks out: the journey of
 * every web shop, in the order a storefront makes its calls. `npm test` runs it against the local
 * twin (test/api/storefront-example.test.ts); by hand:
 *
 *   npm start                                   # in one terminal
 *   TOKEN=$(npm run --silent token) npx tsx examples/storefront.ts
 *
 * Checkout needs scopes orders_write, shipping carts_price_write, search products_write: the dev
 * token has them all.
 */
export interface StorefrontRun {
  productsListed: number;
  searchHits: number;
  facet: string;
  cartId: string;
  orderId: string;
  orderNumber: string;
  grandTotal: string;
  currency: string;
}

/** Runs the journey on one shop and says what it did; throws on the first answer that is not a success. */
export async function runStorefront(
  api: ShopClient,
  shopId: string,
  /** Hears each step; the journey waits for what it returns (a test may act between steps). */
  say: (line: string) => void | Promise<void> = () => {},
): Promise<StorefrontRun> {
  const shop = { path: { shopId } };

  // Browse: the first page of products, by name.
  const page = bodyOf(
    'list products',
    await api.GET('/{shopId}/products', { params: { ...shop, query: { resultsPerPage: 20, sort: 'name' } } }),
  );
  await say(`${page.results} products; the first page shows ${page.items.length}`);

  // Search with a facet: the category facet's first value narrows the hits.
  const all = bodyOf('search', await api.POST('/{shopId}/search/products', { params: shop, body: {} }));
  const category = all.facets.find((f) => f.attributeName === 'Category')?.values[0];
  if (!category) throw new Error('search: no Category facet');
  const hits = bodyOf(
    'search with a facet',
    await api.POST('/{shopId}/search/products', {
      params: shop,
      body: { attributeFilters: [category.filter] },
    }),
  );
  await say(`search in "${category.name}": ${hits.results} hits`);

  // A cart with the first two products anyone can buy on their own (no variation masters), in stock.
  const buyable = page.items
    .filter((p) => p.forSale && p.productVariationType !== 'master' && p.availability !== 'OutStock')
    .slice(0, 2);
  const created = await api.POST('/{shopId}/carts', { params: shop, body: {} });
  const cart = bodyOf('create cart', created);
  const cartToken = created.response.headers.get('X-Service-Cart-Token') ?? '';
  const inCart = { path: { shopId, cartId: cart.cartId }, header: { 'X-Service-Cart-Token': cartToken } };
  for (const product of buyable) {
    await say(
      `${product.name}: ${product.availabilityText}${product.stocklevel === null ? '' : ` (${product.stocklevel})`}`,
    );
    bodyOf(
      `add ${product.productId}`,
      await api.POST('/{shopId}/carts/{cartId}/line-items', {
        params: inCart,
        body: { productId: product.productId, quantity: product.minOrder ?? 1 },
      }),
    );
  }
  bodyOf(
    'coupon',
    await api.POST('/{shopId}/carts/{cartId}/coupon', { params: inCart, body: { code: 'WELCOME10' } }),
  );

  // Addresses and shipping: the first method the cart may use.
  const address = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    street: 'Hauptstraße 1',
    zipCode: '79098',
    city: 'Freiburg',
    country: 'DE',
  };
  bodyOf(
    'billing address',
    await api.PUT('/{shopId}/carts/{cartId}/billing-address', {
      params: inCart,
      body: { ...address, emailAddress: 'ada@example.com' },
    }),
  );
  bodyOf(
    'shipping address',
    await api.PUT('/{shopId}/carts/{cartId}/shipping-address', { params: inCart, body: address }),
  );
  const methods = bodyOf('shipping methods', await api.GET('/{shopId}/shipping-methods', { params: shop }));
  const method = methods.find((m) => m.price !== null);
  if (!method) throw new Error('no shipping method with a price');
  const priced = bodyOf(
    'shipping data',
    await api.PUT('/{shopId}/carts/{cartId}/shipping-data', {
      params: inCart,
      body: { id: method.shippingMethodId },
    }),
  );
  await say(
    `cart ${cart.cartId}: ${priced.lineItemContainer.productLineItems.length} lines, ${priced.lineItemContainer.grandTotal.formatted}`,
  );

  // Checkout. Stock can sell out between the cart and the checkout: a 409 names each short line with
  // what is left; a storefront tells the buyer, drops (or lowers) those lines and checks out again.
  let checkout = await api.POST('/{shopId}/carts/{cartId}/order', { params: inCart });
  if (checkout.response.status === 409) {
    const short = checkout.error?.errors ?? [];
    const lines = priced.lineItemContainer.productLineItems;
    for (const entry of short) {
      const line = lines[Number(/\[(\d+)\]/.exec(entry.field)?.[1])];
      if (!line) continue;
      await say(`sold out: ${line.name} (${entry.message})`);
      await api.DELETE('/{shopId}/carts/{cartId}/line-items/{lineItemId}', {
        params: { ...inCart, path: { ...inCart.path, lineItemId: line.lineItemId } },
      });
    }
    checkout = await api.POST('/{shopId}/carts/{cartId}/order', { params: inCart });
  }
  const order = bodyOf('checkout', checkout);
  await say(`order ${order.orderNumber}: ${order.grandTotal} ${order.currencyId}`);
  return {
    productsListed: page.items.length,
    searchHits: hits.results,
    facet: category.name,
    cartId: cart.cartId,
    orderId: order.orderId,
    orderNumber: String(order.orderNumber),
    grandTotal: order.grandTotal,
    currency: order.currencyId,
  };
}

// Run from the command line: the twin's URL (or API_URL) and a token of the shop in TOKEN.
if (import.meta.url === `file://${process.argv[1]}`) {
  const token = process.env.TOKEN;
  if (!token) {
    console.error(
      'Set TOKEN to a token of the shop: TOKEN=$(npm run --silent token) npx tsx examples/storefront.ts',
    );
    process.exit(2);
  }
  const api = shopClient({ baseUrl: process.env.API_URL ?? 'http://127.0.0.1:3000', token });
  runStorefront(api, process.env.SHOP_ID ?? 'demo', console.log).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
