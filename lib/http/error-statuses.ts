import {
  CartOrdered,
  CartVersionMismatch,
  ConcurrentChange,
  type DomainError,
  NotFoundError,
  OrderVersionMismatch,
  OutOfStock,
  ProductVersionMismatch,
  RefusedInput,
  ScopeMissing,
  StateConflict,
  StillGenerating,
  StorageBusy,
  WebhookVersionMismatch,
} from '../domain/errors';
import {
  BadRequest,
  Conflict,
  Forbidden,
  Gone,
  HttpError,
  NotFound,
  PreconditionFailed,
  ServiceUnavailable,
} from './errors';

type DomainErrorClass = abstract new (...args: never[]) => DomainError;

/**
 * Every domain error class and the HTTP error it is answered with (docs/api-rules.md "Errors and status
 * codes").
 */
const STATUS_OF: ReadonlyArray<readonly [DomainErrorClass, (error: never) => HttpError]> = [
  [RefusedInput, (e: RefusedInput) => new BadRequest(e.message, e.errors)],
  [ScopeMissing, (e: ScopeMissing) => new Forbidden(e.message)],
  [NotFoundError, (e: NotFoundError) => new NotFound(e.message)],
  [CartOrdered, (e: CartOrdered) => new Gone(e.message)],
  [CartVersionMismatch, (e: CartVersionMismatch) => new PreconditionFailed(e.message)],
  [ProductVersionMismatch, (e: ProductVersionMismatch) => new PreconditionFailed(e.message)],
  [OrderVersionMismatch, (e: OrderVersionMismatch) => new PreconditionFailed(e.message)],
  [WebhookVersionMismatch, (e: WebhookVersionMismatch) => new PreconditionFailed(e.message)],
  [StateConflict, (e: StateConflict) => new Conflict(e.message, e.errors)],
  [ConcurrentChange, (e: ConcurrentChange) => new Conflict(e.message)],
  [OutOfStock, (e: OutOfStock) => new Conflict(e.message, e.errors)],
  [StorageBusy, (e: StorageBusy) => new ServiceUnavailable(e.retryAfterSeconds)],
  [StillGenerating, (e: StillGenerating) => new ServiceUnavailable(e.retryAfterSeconds, e.message)],
];

/** The HTTP error a domain error is answered with; undefined for anything else. */
export function httpErrorOf(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  for (const [type, toHttp] of STATUS_OF) {
    if (error instanceof type) return toHttp(error as never);
  }
  return undefined;
}
