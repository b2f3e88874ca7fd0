import { describe, expect, it } from 'vitest';
import { message } from '../../console/src/messages';
import { WEBHOOK_EVENT_TYPES as CONSOLE_TYPES, deliveryOutcome } from '../../console/src/webhooks/events';
import { WEBHOOK_EVENT_TYPES } from '../../lib/domain/webhooks/webhook';

/** The webhooks screens' pure parts (docs/console.md "Webhooks"). */

describe('the console’s webhooks', () => {
  it('offers exactly the event types the API takes', () => {
    expect([...CONSOLE_TYPES].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });

  it('says a delivery’s outcome: delivered with its code, or failed with the reason and code', () => {
    const say = (key: 'webhooks.delivered' | 'webhooks.failed', params: Record<string, string>) =>
      message('en', key, params);
    expect(deliveryOutcome({ status: 'DELIVERED', answerCode: 204, error: null }, say)).toBe(
      'delivered (HTTP 204)',
    );
    expect(deliveryOutcome({ status: 'FAILED', answerCode: 500, error: 'bad status' }, say)).toBe(
      'failed (bad status, HTTP 500)',
    );
    expect(deliveryOutcome({ status: 'FAILED', answerCode: null, error: 'timeout' }, say)).toBe(
      'failed (timeout)',
    );
  });
});
