import type { FieldError } from '../domain/errors';

/**
 * Typed HTTP errors. Middlewares throw these (the domain and data layers throw lib/domain/errors.ts);
 * only the error-shaping middleware turns them into responses (docs/api-rules.md "Errors and status codes").
 */

export type { FieldError };

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends HttpError {
  constructor(message = 'Bad Request', errors?: FieldError[]) {
    super(400, message, errors);
  }
}

export class Forbidden extends HttpError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}

export class NotFound extends HttpError {
  constructor(message = 'Not Found') {
    super(404, message);
  }
}

export class MethodNotAllowed extends HttpError {
  constructor(allow: readonly string[]) {
    super(405, 'Method Not Allowed', undefined, { Allow: allow.join(', ') });
  }
}

export class NotAcceptable extends HttpError {
  constructor() {
    super(406, 'Not Acceptable: send Accept: application/vnd.service.v1+json');
  }
}

export class Conflict extends HttpError {
  constructor(message = 'Conflict', errors?: FieldError[]) {
    super(409, message, errors);
  }
}

export class Gone extends HttpError {
  constructor(message = 'Gone') {
    super(410, message);
  }
}

export class PayloadTooLarge extends HttpError {
  constructor(limitBytes: number) {
    super(413, `Request body larger than ${limitBytes} bytes`);
  }
}

export class UnsupportedMediaType extends HttpError {
  constructor(allowed: readonly string[]) {
    super(415, `Unsupported Content-Type: send ${allowed.join(' or ')}`);
  }
}

export class ServiceUnavailable extends HttpError {
  constructor(retryAfterSeconds: number, message = 'Service Unavailable') {
    super(503, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
  }
}

export class PreconditionFailed extends HttpError {
  constructor(message = 'Precondition Failed: the cart has changed since the given ETag') {
    super(412, message);
  }
}

export class TooManyRequests extends HttpError {
  constructor(retryAfterSeconds: number, headers: Record<string, string>) {
    super(429, 'Too Many Requests: the hourly request limit of this token is used up', undefined, {
      ...headers,
      'Retry-After': String(retryAfterSeconds),
    });
  }
}
