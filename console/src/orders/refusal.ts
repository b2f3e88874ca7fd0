import type { MessageKey } from '../messages';

/** The parts of the API's error body the console reads (its Error schema). */
export interface RefusalBody {
  message?: string;
  errors?: { field: string; message: string; rule?: string }[];
}

/**
 * Why the API refused a change, in the merchant's words: a 412 means someone else changed the
 * order since it was read; a 409 names the transition rule broken, said by its id's message (the
 * API's own message where the dictionary has none); a 400 on an address field that field and its
 * message; anything else its message.
 */
export function refusalText(
  status: number,
  body: RefusalBody | undefined,
  say: (key: MessageKey, params?: Record<string, string | number>) => string,
): string {
  if (status === 412) return say('order.stale');
  const entry = body?.errors?.[0];
  if (status === 409) {
    const key = `rule.${entry?.rule}` as MessageKey;
    const rule = entry?.rule ? say(key) : undefined;
    const reason = rule && rule !== key ? rule : (entry?.message ?? body?.message ?? '');
    return say('order.conflict', { reason });
  }
  // A 400 on a field inside a value (`[0].value.country`, an address field) names that field.
  const field = status === 400 ? /\.value\.(\w+)$/.exec(entry?.field ?? '')?.[1] : undefined;
  const message = entry?.message ?? body?.message ?? `HTTP ${status}`;
  return say('order.failed', { reason: field ? `${field}: ${message}` : message });
}
