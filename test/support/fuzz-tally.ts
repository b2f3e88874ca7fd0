import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import type { WireResponse } from './fuzz-http';
import type { FuzzRequest } from './fuzz-requests';

/**
 * Counts what the server really answered during a fuzz run, by route and by body kind, so the run
 * fails when requests were generated but not sent, sent but not answered, or when a route never got
 * past the checks in front of its handler (no 2xx at all: the fuzzer only knocked at the door).
 * An answer is a response with an HTTP status and the API's X-Service-Media-Type header.
 */
export function fuzzTally() {
  const statusesByRoute = new Map<string, Map<number, number>>();
  const answersByKind = new Map<string, number>();
  let answered = 0;
  return {
    /** Notes one request and what came back (status 0: nothing did). */
    record(request: FuzzRequest, response: WireResponse): void {
      if (response.status < 100 || response.headers['x-service-media-type'] !== MEDIA_TYPE_V1) return;
      answered += 1;
      const statuses = statusesByRoute.get(request.route) ?? new Map<number, number>();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      statusesByRoute.set(request.route, statuses);
      answersByKind.set(request.bodyKind, (answersByKind.get(request.bodyKind) ?? 0) + 1);
    },
    /** How many requests the server answered. */
    answered: () => answered,
    /** The routes of `names` without a single answer. */
    routesUnanswered: (names: readonly string[]) => names.filter((name) => !statusesByRoute.has(name)),
    /** The answered routes that never answered 2xx (or 303, the export's success: a redirect). */
    routesNeverHandled: () =>
      [...statusesByRoute]
        .filter(
          ([, statuses]) =>
            ![...statuses.keys()].some((status) => (status >= 200 && status < 300) || status === 303),
        )
        .map(([route, statuses]) => `${route} ${JSON.stringify(Object.fromEntries(statuses))}`),
    /** The body kinds of `kinds` without a single answer. */
    bodyKindsUnanswered: (kinds: readonly string[]) => kinds.filter((kind) => !answersByKind.has(kind)),
  };
}
