/** An HTTP response ready to write: status, header pairs (repeatable) and body bytes. */
export interface HttpReply {
  statusCode: number;
  headers: [string, string][];
  body: Buffer;
}

interface StructuredResult {
  statusCode: number;
  headers?: Record<string, unknown>;
  multiValueHeaders?: Record<string, unknown[]>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
}

/**
 * Interprets a handler's return value the way API Gateway HTTP API (payload v2) does: a result with
 * statusCode is used as is (cookies become Set-Cookie headers, a base64 body is decoded); anything
 * else is a 200 JSON reply (a string as the body itself, other values serialized).
 */
export function fromApiResult(result: unknown): HttpReply {
  if (!isStructured(result)) {
    const body = typeof result === 'string' ? result : (JSON.stringify(result) ?? 'null');
    return { statusCode: 200, headers: [['content-type', 'application/json']], body: Buffer.from(body) };
  }
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    if (value !== undefined && value !== null) headers.push([name, String(value)]);
  }
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
    for (const value of values ?? []) headers.push([name, String(value)]);
  }
  for (const cookie of result.cookies ?? []) headers.push(['set-cookie', cookie]);
  const text = result.body ?? '';
  const body = result.isBase64Encoded ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8');
  return { statusCode: result.statusCode, headers, body };
}

function isStructured(result: unknown): result is StructuredResult {
  return (
    typeof result === 'object' &&
    result !== null &&
    typeof (result as { statusCode?: unknown }).statusCode === 'number'
  );
}

/** A JSON error reply as API Gateway itself sends it (413, 502), before or instead of the handler. */
export function gatewayError(statusCode: number, message: string): HttpReply {
  return {
    statusCode,
    headers: [['content-type', 'application/json']],
    body: Buffer.from(JSON.stringify({ status: String(statusCode), message })),
  };
}
