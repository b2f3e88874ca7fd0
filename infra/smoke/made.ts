/** What a smoke run has made so far: the clean-up removes what it can, the rest is reported. */
export interface Made {
  productId?: string;
  productDeleted?: boolean;
  /** An uploaded image not deleted yet (deleting the product removes it too). */
  imageName?: string;
  cartId?: string;
  /** The checkout was sent: the cart may be ordered even when no answer came back. */
  checkoutSent?: boolean;
  orderId?: string;
  orderNumber?: string;
  orderCancelled?: boolean;
  customerId?: string;
  customerNumber?: string;
  /** The billing e-mail address the checkout found or created its customer by. */
  buyerEmail?: string;
}

/** Something the run made and could not remove (orders are never deleted). */
export interface Leftover {
  what: string;
  id: string;
  note: string;
}

/** What stays in the shop after the clean-up, with ids, and what a merchant can still do about it. */
export function leftoversOf(made: Made): Leftover[] {
  const left: Leftover[] = [];
  if (made.orderId)
    left.push({
      what: 'order',
      id: `${made.orderId} (number ${made.orderNumber ?? '?'})`,
      note: made.orderCancelled
        ? 'cancelled (rejectedOn set: its stock is back, it counts in no sales figure); orders are never deleted; no invoice or credit note, so no document number was used'
        : `NOT cancelled: PATCH /orders/${made.orderId} with [{"op":"add","path":"/rejectedOn"}]; orders are never deleted`,
    });
  else if (made.checkoutSent)
    left.push({
      what: 'possible order of cart',
      id: made.cartId ?? '?',
      note: 'the checkout got no answer: look for the order in GET /orders and reject it',
    });
  if (made.customerId)
    left.push({
      what: 'customer',
      id: `${made.customerId} (number ${made.customerNumber ?? '?'})`,
      note: `the buyer ${made.buyerEmail ?? ''} the checkout found or created; customers cannot be deleted, later runs reuse it`,
    });
  if (made.cartId)
    left.push({
      what: 'cart',
      id: made.cartId,
      note: `${made.orderId ? 'ordered, it answers 410 now' : 'not ordered'}; carts cannot be deleted, it expires 30 days after its last change`,
    });
  if (made.productId && !made.productDeleted) {
    left.push({
      what: 'product',
      id: made.productId,
      note: `could not be deleted: DELETE /products/${made.productId}`,
    });
    if (made.imageName)
      left.push({
        what: 'product image',
        id: made.imageName,
        note: 'goes with the product when it is deleted',
      });
  }
  return left;
}
