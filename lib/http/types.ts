import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { CartRecord } from '../domain/cart/cart';

/** The verified caller (docs/api-rules.md "Authentication and scopes"). */
export interface Principal {
  subject: string;
  shopId: string;
  /** A stable, non-reversible id of the token itself (the rate limit counts per token). */
  tokenId: string;
  /** Scope names without resource-server prefix. */
  scopes: ReadonlySet<string>;
}

/** What the middlewares find out about a request, handed on to the handler. */
export interface PipelineState {
  requestId: string;
  startedAt: number;
  /** Scheme and host of the API, for absolute links. */
  baseUrl: string;
  principal?: Principal;
  /** The parsed body (JSON or form) before validation. */
  rawBody?: unknown;
  input?: { path: unknown; query: unknown; body: unknown };
  cart?: CartRecord;
  /** The shop's catalog version, read together with the cart (cart routes). */
  catalogVersion?: number | null;
  /** The first read, started right after auth (lib/http/middleware/early-read.ts): cart routes' cart... */
  cartRead?: Promise<{ cart: CartRecord | null; catalogVersion: number | null }>;
  /** ...and catalog reads' catalog version. */
  catalogVersionRead?: Promise<number | null>;
  /** An Idempotency-Key claimed by this request: its answer is stored after the handler. */
  idempotency?: {
    shopId: string;
    scope: string;
    keyHash: string;
    fingerprint: string;
    seal: (plain: string) => string;
  };
  /** The checkout's Idempotency-Key, hashed: the cart it orders keeps it (no answer is stored). */
  checkoutKeyHash?: string;
  /** A stored answer replayed for a repeated Idempotency-Key: the handler does not run. */
  replay?: APIGatewayProxyStructuredResultV2;
  /** Headers every response of this request carries (versioning, rate limit). */
  responseHeaders: Record<string, string>;
}

/** The Lambda context with the pipeline's state attached. */
export type ApiContext = Context & { api: PipelineState };
export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** A handler's answer: status, optional JSON body and headers. */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
