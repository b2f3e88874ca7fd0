/**
 * A check of the smoke test that did not hold: the message says what was asked, what was expected
 * and what came back, so a merchant reading one line knows where to look.
 */
export class SmokeFailure extends Error {
  override name = 'SmokeFailure';
  constructor(
    message: string,
    /** The status the request got, when it got one. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/**
 * What an error answer says about itself: the body's `message` and its `errors[]` entries (the API's
 * error body: `{status, message, errors}`), else the start of the text.
 */
export function answerMessage(body: unknown, text: string): string {
  if (body !== null && typeof body === 'object') {
    const { message, errors } = body as { message?: unknown; errors?: unknown };
    const details = Array.isArray(errors)
      ? errors
          .map((e: { field?: unknown; message?: unknown }) =>
            [e.field, e.message].filter((part) => typeof part === 'string').join(': '),
          )
          .filter(Boolean)
      : [];
    if (typeof message === 'string') return [message, ...details].join('; ');
  }
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return '(empty body)';
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}
