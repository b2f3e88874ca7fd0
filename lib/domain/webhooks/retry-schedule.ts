/**
 * Seconds before each retry after a failed attempt (docs/webhooks.md "Retries and deactivation"): 12 attempts
 * in all over about two days; after the 12th fails the webhook is deactivated.
 */
export const RETRY_DELAYS_S = [60, 180, 300, 600, 900, 1800, 3600, 7200, 21600, 50400, 86400] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;

/**
 * Milliseconds to wait after failed attempt `attempt` (1-based) before the next one, the schedule
 * multiplied by `scale` (WEBHOOK_RETRY_SCALE: 1 in AWS; tests run the schedule in seconds);
 * undefined after the last attempt.
 */
export function retryDelayMs(attempt: number, scale = 1): number | undefined {
  const seconds = RETRY_DELAYS_S[attempt - 1];
  return seconds === undefined ? undefined : Math.round(seconds * 1000 * scale);
}
