/**
 * Waits a random time that grows with the attempt (full jitter, capped at 100 ms), so writers that
 * lost a race spread out instead of colliding again, without making the winners' successors wait long.
 */
export function backoff(attempt: number, baseMs = 5): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(baseMs * 2 ** attempt, 100)));
}
