import { updateCart } from '../../data/cart/cart-repository';
import { requireCatalog } from '../../data/catalog/catalog-repository';
import type { CartRecord } from '../../domain/cart/cart';
import { etagMatches } from '../../domain/cart/cart-etag';
import type { Catalog } from '../../domain/catalog/catalog';
import { CartVersionMismatch } from '../../domain/errors';

/** A change to a cart that was loaded and checked already (its token, its state). */
export interface CartWrite {
  cart: CartRecord;
  /** An If-Match value: the change applies only to the version it names. */
  ifMatch?: string;
  /** The shop's catalog version read with the cart, which saves a read (requireCatalog). */
  catalogVersion?: number | null;
}

/** A cart as stored after a change, with the catalog it is priced and rendered with. */
export interface CartResult {
  cart: CartRecord;
  catalog: Catalog;
}

/** The catalog of the cart's shop (NotFoundError('Shop') when the shop is gone). */
export function catalogOfCart(write: CartWrite): Promise<Catalog> {
  return requireCatalog(write.cart.shopId, write.catalogVersion);
}

/**
 * Applies `change` to the cart with optimistic concurrency (lib/data/cart/cart-repository.ts retries
 * lost races, so `change` must be a pure function of the cart it is given). With `ifMatch` the
 * change applies only to that version: CartVersionMismatch when the cart has moved on.
 */
export function changeCart(
  write: Pick<CartWrite, 'cart' | 'ifMatch'>,
  change: (cart: CartRecord) => CartRecord,
): Promise<CartRecord> {
  const { ifMatch } = write;
  return updateCart(write.cart, (current) => {
    if (ifMatch !== undefined && !etagMatches(ifMatch, current)) throw new CartVersionMismatch();
    return change(current);
  });
}
