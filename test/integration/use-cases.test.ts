import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { getCart } from '../../lib/data/cart/cart-repository';
import { requireCatalog } from '../../lib/data/catalog/catalog-repository';
import { getOrderWithDocuments } from '../../lib/data/orders/order-repository';
import { cartEtag } from '../../lib/domain/cart/cart-etag';
import { CartOrdered, CartVersionMismatch, NotFoundError, RefusedInput } from '../../lib/domain/errors';
import type { ViewContext } from '../../lib/domain/links';
import { addLineItem } from '../../lib/use-cases/cart/add-line-item';
import { createCart } from '../../lib/use-cases/cart/create-cart';
import { setCartAddress } from '../../lib/use-cases/cart/set-cart-address';
import { createCategory } from '../../lib/use-cases/categories/create-category';
import { placeOrder } from '../../lib/use-cases/orders/place-order';
import { privateDemoShop } from '../support/shops';

/**
 * The use cases called directly, without Middy or HTTP: what they return, what they throw (the
 * classes of lib/domain/errors.ts) and what is stored afterwards, on DynamoDB Local. Inputs are the
 * bodies of the sample events under events/.
 */

/** The JSON body of a sample event, e.g. `sampleBody('carts/add-line-item')`. */
function sampleBody(name: string) {
  const event = JSON.parse(readFileSync(new URL(`../../events/${name}.json`, import.meta.url), 'utf8'));
  return JSON.parse(event.body);
}

/** What a use case threw (fails the test when it did not throw). */
async function thrown(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => expect.unreachable('expected the use case to throw'),
    (error: unknown) => error,
  );
}

let shopId: string;
const view = (locale: string): ViewContext => ({ baseUrl: 'http://localhost', shopId, locale });

beforeAll(async () => {
  shopId = await privateDemoShop('use-cases');
});

describe('cart use cases', () => {
  it('add a line item: returns the stored cart and the catalog to render it with', async () => {
    // Prepare
    const { cart: created } = await createCart({ shopId });
    const item = sampleBody('carts/add-line-item');

    // Act
    const { cart, catalog } = await addLineItem({ cart: created, item });

    // Assess
    expect(cart.lineItems).toEqual([
      expect.objectContaining({ productId: item.productId, quantity: item.quantity }),
    ]);
    expect(cart.version).toBe(created.version + 1);
    expect(catalog.shopId).toBe(shopId);
    expect(await getCart(shopId, created.cartId)).toEqual(cart);
  });

  it('refuse a line that cannot be bought: RefusedInput naming the field, nothing stored', async () => {
    // Prepare
    const { cart: created } = await createCart({ shopId });

    // Act
    const error = await thrown(
      addLineItem({ cart: created, item: { productId: 'no-such-product', quantity: 1 } }),
    );

    // Assess
    expect(error).toBeInstanceOf(RefusedInput);
    expect(error).toMatchObject({
      message: 'Invalid line item',
      errors: [{ field: 'productId', message: 'Product no-such-product not found' }],
    });
    expect(await getCart(shopId, created.cartId)).toEqual(created);
  });

  it('apply a change only to the version If-Match names: CartVersionMismatch once it moved on', async () => {
    // Prepare
    const { cart: v1 } = await createCart({ shopId });
    const address = sampleBody('carts/put-billing-address');
    const { cart: v2 } = await setCartAddress({
      cart: v1,
      ifMatch: cartEtag(v1),
      kind: 'billingAddress',
      address,
    });

    // Act
    const error = await thrown(
      addLineItem({ cart: v2, ifMatch: cartEtag(v1), item: sampleBody('carts/add-line-item') }),
    );

    // Assess
    expect(v2.billingAddress).toEqual(address);
    expect(error).toBeInstanceOf(CartVersionMismatch);
    expect(await getCart(shopId, v1.cartId)).toEqual(v2);
  });

  it('place an order: the order is stored, the cart ordered, and a later change is refused (CartOrdered)', async () => {
    // Prepare
    const { cart: created } = await createCart({ shopId, ...sampleBody('carts/create-cart') });
    const { cart } = await setCartAddress({
      cart: created,
      kind: 'billingAddress',
      address: sampleBody('carts/put-billing-address'),
    });

    // Act
    const { order } = await placeOrder({ cart, view });
    const error = await thrown(addLineItem({ cart, item: sampleBody('carts/add-line-item') }));

    // Assess
    expect(order).toMatchObject({
      shopId,
      cartId: cart.cartId,
      billingAddress: cart.billingAddress,
      lines: cart.lineItems.map((l) =>
        expect.objectContaining({ productId: l.productId, quantity: l.quantity }),
      ),
    });
    expect((await getOrderWithDocuments(shopId, order.orderId))?.order).toEqual(order);
    expect(await getCart(shopId, cart.cartId)).toMatchObject({ status: 'ordered', orderId: order.orderId });
    expect(error).toBeInstanceOf(CartOrdered);
  });

  it('refuse to order a cart without billing address or lines, naming both', async () => {
    const { cart } = await createCart({ shopId });

    const error = await thrown(placeOrder({ cart, view }));

    expect(error).toBeInstanceOf(RefusedInput);
    expect(error).toMatchObject({
      message: 'The cart cannot be ordered',
      errors: [
        { field: 'billingAddress', message: 'The cart has no billing address' },
        { field: 'lineItems', message: 'The cart has no line items' },
      ],
    });
    expect(await getCart(shopId, cart.cartId)).toEqual(cart);
  });
});

describe('category use cases', () => {
  it('create a category: stored invisible, last under its parent', async () => {
    // Prepare
    const fields = sampleBody('categories/create-category');
    const root = [...(await requireCatalog(shopId)).categories.values()].find((c) => c.parentId === null);
    if (!root) throw new Error('the demo shop has a root category');

    // Act
    const { category, catalog, locale } = await createCategory({ shopId, parentId: root.categoryId, fields });

    // Assess
    expect(locale).toBe(catalog.settings.defaultLocale);
    expect(category).toMatchObject({
      parentId: root.categoryId,
      visible: false,
      name: { [locale]: fields.name },
    });
    expect(catalog.categories.get(category.categoryId)).toEqual(category);
    expect((await requireCatalog(shopId)).categories.get(category.categoryId)).toEqual(category);
  });

  it('refuse a category under an unknown parent: NotFoundError, the catalog unchanged', async () => {
    // Prepare
    const before = await requireCatalog(shopId);

    // Act
    const error = await thrown(
      createCategory({
        shopId,
        parentId: 'no-such-category',
        fields: sampleBody('categories/create-category'),
      }),
    );

    // Assess
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ message: 'Category not found' });
    const after = await requireCatalog(shopId);
    expect(after.version).toBe(before.version);
    expect(after.categories.size).toBe(before.categories.size);
  });

  it('refuse a locale the shop does not have, naming `locale`', async () => {
    const error = await thrown(
      createCategory({
        shopId,
        parentId: 'root',
        locale: 'xx_XX',
        fields: sampleBody('categories/create-category'),
      }),
    );

    expect(error).toBeInstanceOf(RefusedInput);
    expect(error).toMatchObject({ message: 'Invalid request', errors: [{ field: 'locale' }] });
  });
});
