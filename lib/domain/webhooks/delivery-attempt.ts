import type { WebhookEventType } from './webhook';

/** Why an attempt failed (docs/webhooks.md "Retries and deactivation"); null when it was delivered. */
export type DeliveryError = 'timeout' | 'connection refused' | 'blocked address' | 'redirect' | 'bad status';

/** What one send came to. */
export interface SendOutcome {
  /** The HTTP status, null when none came. */
  answerCode: number | null;
  error: DeliveryError | null;
}

/** One attempt as GET /webhooks/{id}/deliveries lists it. */
export interface DeliveryAttempt {
  eventId: string;
  eventType: WebhookEventType;
  attempt: number;
  status: 'DELIVERED' | 'FAILED';
  /** ISO 8601: when the attempt was sent. */
  time: string;
  answerCode: number | null;
  error: DeliveryError | null;
  /** ISO 8601 when a retry is scheduled, else null. */
  nextAttemptAt: string | null;
}

/** The reason a webhook is deactivated after an event failed its last attempt. */
export function deactivationReason(attempts: number, eventId: string, outcome: SendOutcome): string {
  const last =
    outcome.answerCode !== null ? `last answer ${outcome.answerCode}` : `last error ${outcome.error}`;
  return `${attempts} failed attempts for event ${eventId}; ${last}`;
}
