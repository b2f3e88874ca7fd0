import { setLineQuantity } from '../../domain/cart/cart-lines';
import { NotFoundError, OutOfStock, RefusedInput } from '../../domain/errors';
import { cartUnits, stockShortfall } from '../../domain/inventory/cart-stock';
import { quantityUnits } from '../../domain/quantity';
import { liveStock } from '../inventory/live-stock';
import { type CartResult, type CartWrite, catalogOfCart, changeCart } from './change-cart';

/**
 * Sets the quantity of one line of the cart (quantity rules: docs/carts-and-orders.md); unknown line:
 * NotFoundError. Raising it beyond a tracked product's stock now is OutOfStock (`quantity`, with
 * `available`); lowering it never is (docs/inventory.md "Carts and stock").
 */
export async function updateLineItem(
  write: CartWrite & { lineItemId: string; quantity: number },
): Promise<CartResult> {
  const catalog = await catalogOfCart(write);
  const line = write.cart.lineItems.find((l) => l.lineItemId === write.lineItemId);
  // Stock is read only for a raise (as the cart stands now): lowering a line costs no read. A race
  // that turns a lowering into a raise goes unchecked here; the checkout still refuses it.
  const raises = line !== undefined && quantityUnits(line.quantity) < safeUnits(write.quantity);
  const stock = raises ? await liveStock(catalog, [line.productId]) : new Map<string, number>();
  const cart = await changeCart(write, (current) => {
    const result = setLineQuantity(current.lineItems, write.lineItemId, write.quantity);
    if ('missing' in result) throw new NotFoundError('Line item');
    if ('problem' in result)
      throw new RefusedInput('Invalid quantity', [{ field: 'quantity', message: result.problem }]);
    const productId = current.lineItems.find((l) => l.lineItemId === write.lineItemId)?.productId ?? '';
    const short = stockShortfall(
      stock,
      productId,
      cartUnits(current.lineItems, productId),
      cartUnits(result.lineItems, productId),
    );
    if (short) throw new OutOfStock([{ field: 'quantity', ...short }]);
    return { ...current, lineItems: result.lineItems };
  });
  return { cart, catalog };
}

/** A requested quantity in units; a malformed one (refused below as 400) counts as no raise. */
function safeUnits(quantity: number): number {
  try {
    return quantityUnits(quantity);
  } catch {
    return 0;
  }
}
