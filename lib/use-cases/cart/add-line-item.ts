import { newId } from '../../data/ids';
import { addLines } from '../../domain/cart/cart-lines';
import { OutOfStock, RefusedInput } from '../../domain/errors';
import { shortRequests } from '../../domain/inventory/cart-stock';
import { liveStock } from '../inventory/live-stock';
import { type CartResult, type CartWrite, catalogOfCart, changeCart } from './change-cart';

/**
 * Adds a product to the cart, or raises the quantity of its line (docs/carts-and-orders.md "Carts and checkout"). Refused
 * (RefusedInput naming the field) when the product cannot be bought in that quantity, and
 * OutOfStock (`quantity`, with `available`) when the cart would hold more of a tracked product
 * than is in stock now (docs/inventory.md "Carts and stock").
 */
export async function addLineItem(
  write: CartWrite & { item: { productId: string; quantity: number } },
): Promise<CartResult> {
  const catalog = await catalogOfCart(write);
  // Read before the change: changeCart's function must stay pure (it runs again on a lost race).
  const stock = await liveStock(catalog, [write.item.productId]);
  const cart = await changeCart(write, (current) => {
    const { lineItems, problems } = addLines(catalog, current, [write.item], newId);
    if (problems.length > 0) {
      throw new RefusedInput(
        'Invalid line item',
        problems.map((p) => ({ field: p.field, message: p.message })),
      );
    }
    const short = shortRequests(stock, current.lineItems, [write.item], new Set()).get(0);
    if (short) throw new OutOfStock([{ field: 'quantity', ...short }]);
    return { ...current, lineItems };
  });
  return { cart, catalog };
}
