/**
 * Speed trick `event-streams-alias`: stands in for `@smithy/core/event-streams` inside the Lambda
 * bundles (the alias is in bundling-options.ts). The SDK loads that module with a dynamic import()
 * only for operations with event-stream members, and DynamoDB has none (S3 has one, never used here). Bundled, that one import()
 * makes esbuild wrap ~150 `@smithy/core` modules for lazy evaluation and carries the event-stream
 * code. What it saves: 19 KB of every bundle and 2–5 % of its import CPU (getProduct without it:
 * 1.02–1.05× the import CPU with it, median of 21 adjacent pairs, two runs of
 * `SPEED_TRICKS_OFF=event-streams-alias npm run bench:cold -- --only getProduct --versus-on`; with
 * nothing off: 0.99×). Off: that switch at bundling time. Should the SDK ever get here, it fails
 * loudly instead of misbehaving.
 */
const notBundled = (): never => {
  throw new Error('event streams are not bundled into the functions (infra/constructs/no-event-streams.ts)');
};

export class EventStreamSerde {
  constructor() {
    notBundled();
  }
}

/**
 * The S3 client (images, exports) builds its event-stream marshaller when it is constructed, for
 * SelectObjectContent alone: here a marshaller that fails only if it is ever used.
 */
export const eventStreamSerdeProvider = () => ({ serialize: notBundled, deserialize: notBundled });

export const resolveEventStreamSerdeConfig = <T extends { eventStreamSerdeProvider: (input: T) => unknown }>(
  input: T,
) => Object.assign(input, { eventStreamMarshaller: input.eventStreamSerdeProvider(input) });
