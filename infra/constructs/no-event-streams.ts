/**
 * Stands in for `@smithy/core/event-streams` inside the Lambda bundles (the alias is in
 * bundling-options.ts). The SDK loads that module with a dynamic import() only for operations with
 * event-stream members, and DynamoDB has none. Bundled, that one import() made esbuild wrap ~150
 * `@smithy/core` modules for lazy evaluation (each then parsed twice on a cold start) and carried
 * ~20 KB of event-stream code: ~5 ms of every function's import. Should the SDK ever get here, it
 * fails loudly instead of misbehaving.
 */
const notBundled = (): never => {
  throw new Error('event streams are not bundled into the functions (infra/constructs/no-event-streams.ts)');
};

export class EventStreamSerde {
  constructor() {
    notBundled();
  }
}

export const eventStreamSerdeProvider = notBundled;
