import type { MiddlewareObj } from '@middy/core';
import { config } from '../../config';
import { leaseAllowance } from '../../data/rate-limit-repository';
import { countEvent } from '../../telemetry/request-telemetry';
import { TooManyRequests } from '../errors';
import type { ApiContext, ApiEvent, ApiResult } from '../types';

const HOUR_MS = 3600 * 1000;

/** What this instance holds of one token's allowance in the current window. */
interface Lease {
  windowStart: number;
  /** Requests this instance may still serve from its leased blocks. */
  local: number;
  /** The shared counter's total after our last lease (all instances' leases). */
  leased: number;
  /** The window's limit is used up: no more leases until it ends. */
  exhausted: boolean;
  /** The lease in flight: requests that find the block used up wait for it instead of leasing too. */
  leasing?: Promise<void>;
}

const leases = new Map<string, Lease>();

/**
 * docs/api-rules.md "Rate limit": per token and hour, shared by all function instances through one atomic
 * counter per token and window. An instance leases a block of the allowance with one conditional
 * UpdateItem and serves the block from memory, so there is no DynamoDB write per request. Leases
 * never pass the limit (the last block is cut at it), so the limit holds exactly across any number
 * of instances; a block an idle instance holds may refuse others early by at most that block.
 * Every response after authentication carries X-RateLimit-Limit / -Remaining / -Reset; over the
 * limit 429 with Retry-After.
 */
export function rateLimit(): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    before: async (request) => {
      const { api } = request.context;
      const principal = api.principal;
      if (!principal) return;
      const { RATE_LIMIT_PER_HOUR: limit, RATE_LIMIT_BLOCK: block } = config();
      const now = Date.now();
      const windowStart = now - (now % HOUR_MS);
      const window = { start: windowStart, end: windowStart + HOUR_MS };
      const key = `${principal.shopId}|${principal.tokenId}`;
      let lease = leases.get(key);
      if (!lease || lease.windowStart !== windowStart) {
        lease = { windowStart, local: 0, leased: 0, exhausted: false };
        leases.set(key, lease);
        forgetOldWindows(windowStart);
      }
      // One lease at a time per token: sixteen requests that find the block used up at once took
      // sixteen blocks (sixteen writes) where one serves them all.
      while (lease.local === 0 && !lease.exhausted) {
        lease.leasing ??= leaseBlock(lease, principal, window, Math.min(block, limit), limit);
        await lease.leasing;
      }
      const headers = {
        'X-RateLimit-Limit': String(limit),
        'X-RateLimit-Reset': new Date(window.end).toISOString(),
      };
      if (lease.local === 0) {
        api.responseHeaders = { ...api.responseHeaders, ...headers, 'X-RateLimit-Remaining': '0' };
        countEvent('RateLimitRefusals');
        throw new TooManyRequests(Math.ceil((window.end - now) / 1000), {});
      }
      lease.local -= 1;
      const remaining = Math.max(0, limit - (lease.leased - lease.local));
      api.responseHeaders = {
        ...api.responseHeaders,
        ...headers,
        'X-RateLimit-Remaining': String(remaining),
      };
    },
  };
}

/** Leases the next block of a token's allowance into `lease`. */
async function leaseBlock(
  lease: Lease,
  principal: { shopId: string; tokenId: string },
  window: { start: number; end: number },
  block: number,
  limit: number,
): Promise<void> {
  try {
    const { granted, leased } = await leaseAllowance(
      principal.shopId,
      principal.tokenId,
      window,
      block,
      limit,
    );
    lease.local += granted;
    lease.leased = Math.min(leased, limit);
    lease.exhausted = granted === 0 || leased >= limit;
  } finally {
    lease.leasing = undefined;
  }
}

/** Keeps the lease table small: entries of past windows are dropped. */
function forgetOldWindows(currentWindow: number): void {
  if (leases.size < 10_000) return;
  for (const [key, lease] of leases) if (lease.windowStart !== currentWindow) leases.delete(key);
}
