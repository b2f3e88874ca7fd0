import { subscribe } from 'node:diagnostics_channel';
import type { ServerResponse } from 'node:http';

/**
 * Counts the HTTP requests this process's servers take (node:http's diagnostics channel), and how
 * many are still running: a load run that ends on a deadline leaves requests in flight whose
 * DynamoDB calls still count, so per-request figures divide by the requests the server took, once
 * all of them are done.
 */
export function countRequests(): { settle(timeoutMs?: number): Promise<number> } {
  let started = 0;
  let running = 0;
  subscribe('http.server.request.start', (message) => {
    started++;
    running++;
    (message as { response: ServerResponse }).response.once('close', () => {
      running--;
    });
  });
  return {
    /** Waits until no request is running, then returns (and resets) the count since the last call. */
    settle: async (timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (running > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      const count = started;
      started = 0;
      return count;
    },
  };
}
