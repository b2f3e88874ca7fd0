import { describe, expect, it } from 'vitest';
import { message } from '../../console/src/messages';
import { isEditedPage, LEGAL_PAGES, pageBody } from '../../console/src/pages/legal';
import { WEBHOOK_EVENT_TYPES as CONSOLE_TYPES, deliveryOutcome } from '../../console/src/webhooks/events';
import { WEBHOOK_EVENT_TYPES } from '../../lib/domain/webhooks/webhook';

/** The pure parts of the webhooks and pages screens (docs/console.md "Webhooks", "Pages"). */

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

describe('the console’s legal pages', () => {
  it('edits the five legal pages of the API and the contact information, and saves every field of a page', () => {
    expect(LEGAL_PAGES).toEqual([
      'privacy-policy',
      'terms-and-conditions',
      'rights-of-withdrawal',
      'shipping-information',
      'cookie-policy',
    ]);
    expect(pageBody('cookie-policy', { title: 'Cookies' })).toEqual({
      name: '',
      title: 'Cookies',
      navigationCaption: '',
      shortDescription: '',
      description: '',
    });
    expect(Object.keys(pageBody('contact-information', {}))).toHaveLength(11);
    expect([
      isEditedPage('cookie-policy'),
      isEditedPage('contact-information'),
      isEditedPage('imprint'),
    ]).toEqual([true, true, false]);
  });
});
