import { config } from './config';
import { currentRequest } from './telemetry/request-telemetry';

/**
 * The structured logger: one JSON line per event, to stdout (CloudWatch in AWS), with the fields of
 * Powertools' logger (`level`, `message`, `timestamp`, `service`, and within a request
 * `cold_start`, `function_name`, `function_request_id`, `xray_trace_id`, `sampling_rate`) plus
 * ours (`requestId`, `shopId`, `route`); docs/operations.md. Levels are lower case, which Lambda's
 * log-level filtering reads as well. Callers pass plain fields; secrets (tokens, cart tokens) are
 * never passed to it.
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
export type LogLevel = Exclude<keyof typeof LEVELS, 'silent'>;
const RESERVED = ['level', 'message', 'timestamp'];

/** Whether a line of `level` is written now: LOG_LEVEL, or debug for a request sampled for it. */
export function logs(level: LogLevel): boolean {
  const configured = config().LOG_LEVEL;
  if (configured === 'silent') return false;
  const threshold = currentRequest()?.debug ? 'debug' : configured;
  return LEVELS[level] >= LEVELS[threshold];
}

/** Writes one line whatever the level (the caller decided; the request line carries metrics). */
export function writeLine(level: LogLevel, message: string, fields: Record<string, unknown>): void {
  const cfg = config();
  const request = currentRequest();
  const timestamp = new Date().toISOString();
  const line = JSON.stringify({
    level,
    message,
    timestamp,
    service: cfg.SERVICE_NAME,
    ...(request
      ? {
          cold_start: request.coldStart,
          function_name: request.functionName,
          function_request_id: request.requestId,
          ...(request.traceId ? { xray_trace_id: request.traceId } : {}),
          ...(cfg.LOG_SAMPLE_RATE > 0 ? { sampling_rate: cfg.LOG_SAMPLE_RATE } : {}),
          requestId: request.requestId,
          shopId: request.shopId,
          route: request.route,
        }
      : { function_name: process.env.AWS_LAMBDA_FUNCTION_NAME }),
    ...fields,
    // A field never overrides the line's own: level, message and timestamp are what tools filter on.
    ...(RESERVED.some((key) => key in fields) ? { level, message, timestamp } : {}),
  });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

function write(level: LogLevel, message: string, fields: Record<string, unknown>): void {
  if (logs(level)) writeLine(level, message, fields);
}

export const log = {
  debug: (message: string, fields: Record<string, unknown> = {}) => write('debug', message, fields),
  info: (message: string, fields: Record<string, unknown> = {}) => write('info', message, fields),
  warn: (message: string, fields: Record<string, unknown> = {}) => write('warn', message, fields),
  error: (message: string, fields: Record<string, unknown> = {}) => write('error', message, fields),
};
