/**
 * What can go wrong in the shop's rules and its storage, said without HTTP. `lib/data` and
 * `lib/domain` throw these; the error-shaping middleware maps each class to a status in one table
 * (lib/http/error-statuses.ts), so the layers below never import `lib/http`.
 */
import type { CartRecord } from './cart/cart';

/** One refused field, e.g. `{field: "lineItems[0].quantity", message: "..."}`. */
export interface FieldError {
  field: string;
  message: string;
  /**
   * On a 409 for stock or coupon uses: how much is left, never below 0 (docs/api-rules.md "Errors and status
   * codes").
   */
  available?: number;
  /** On a 409 for an order's transition rule: the rule's id (docs/orders.md "The life of an order"). */
  rule?: string;
}

/** The base class: every domain error carries a message meant for the API's client. */
export abstract class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The caller's token lacks a scope the request's values need (a webhook's event types). */
export class ScopeMissing extends DomainError {}

/** The request's values break a rule of the shop (unbuyable lines, unknown ids in a body, …). */
export class RefusedInput extends DomainError {
  constructor(
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

/** What the request addresses does not exist (or is not visible to it): shop, cart, product, … */
export class NotFoundError extends DomainError {
  constructor(what: string) {
    super(`${what} not found`);
  }
}

/** The cart became an order: nothing on it changes any more. */
export class CartOrdered extends DomainError {
  /** The ordered cart, when the thrower has just read it (a checkout that lost the race to it). */
  constructor(readonly cart?: CartRecord) {
    super('Cart has been ordered');
  }
}

/** The cart is not at the version the client named (If-Match). */
export class CartVersionMismatch extends DomainError {
  constructor() {
    super('Precondition Failed: the cart has changed since the given ETag');
  }
}

/** The product is not at the version the client named (If-Match: docs/api-rules.md "ETag and If-Match"). */
export class ProductVersionMismatch extends DomainError {
  constructor() {
    super('Precondition Failed: the product has changed since the given ETag');
  }
}

/** A rule about the stored state refuses the write: a taken number, a second invoice, … */
export class StateConflict extends DomainError {
  constructor(
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

/** The order is not at the version the client named (If-Match: docs/api-rules.md "ETag and If-Match"). */
export class OrderVersionMismatch extends DomainError {
  constructor() {
    super('Precondition Failed: the order has changed since the given ETag');
  }
}

/** The webhook is not at the version the client named (If-Match: docs/api-rules.md "ETag and If-Match"). */
export class WebhookVersionMismatch extends DomainError {
  constructor() {
    super('Precondition Failed: the webhook has changed since the given ETag');
  }
}

/** A line asks for more than is in stock (or for a product no longer sold): one entry per line. */
export class OutOfStock extends DomainError {
  constructor(readonly errors: FieldError[]) {
    super('Not enough stock');
  }
}

/** Other requests kept changing the same item through every retry: try again. */
export class ConcurrentChange extends DomainError {}

/** DynamoDB stayed throttled or contended through our retries: temporary, retry after a second. */
export class StorageBusy extends DomainError {
  constructor(readonly retryAfterSeconds = 1) {
    super('Service Unavailable');
  }
}

/** A file another request is still generating did not appear in time: temporary, retry after a while. */
export class StillGenerating extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
