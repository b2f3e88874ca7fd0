import type { DynamoDBRecord } from 'aws-lambda';
import type { TwinConsumer } from '../local/events/twin-events';
import { percentile, table } from './stats';
import type { WriteAcks } from './write-acks';

/**
 * The stream's lag on the twin, record by record (docs/performance.md "The stream's lag"): from the
 * moment a change was written to the moment its consumer had handled it. DynamoDB Local stamps a
 * record's ApproximateCreationDateTime to the second only, so "written" is, to the millisecond, when
 * DynamoDB answered the API's write of that item (infra/bench/write-acks.ts), the first answer at or
 * after the time the item carries; when no answer was seen (a write that timed out during a pause
 * and was applied later, a write of another process), the time the item carries itself, which the
 * API set before it sent the write: `updatedAt` (carts, stock shards), the order's `data.updatedAt`
 * (a changed order), `changedAt` (catalog log entries), else `createdAt` (a new order, a document).
 */

/** One record handled: by which consumer, written and done (Date.now() milliseconds). */
export interface LagSample {
  consumer: TwinConsumer;
  writtenAt: number;
  doneAt: number;
}

/** The millisecond time a record's new image carries as its write's, or undefined. */
export function itemTime(record: DynamoDBRecord): number | undefined {
  const image = record.dynamodb?.NewImage;
  const candidates = [
    image?.updatedAt?.S,
    image?.data?.M?.updatedAt?.S,
    image?.changedAt?.S,
    image?.createdAt?.S,
  ];
  for (const text of candidates) {
    const at = text === undefined ? Number.NaN : Date.parse(text);
    if (Number.isFinite(at)) return at;
  }
  return undefined;
}

/** Collects the lag of every record the twin's consumers handle (startTwin's observeStream). */
export class StreamLagRecorder {
  private samples: LagSample[] = [];
  /** Records whose image carries no time of its own: not in the figures, counted. */
  private untimed = 0;
  /** Records timed by the item's own time, no answer of their write seen. */
  private byItemTime = 0;

  private acks: WriteAcks | undefined;

  /** From now on, a record's write is timed by DynamoDB's answer to it where one was seen. */
  useAcks(acks: WriteAcks): void {
    this.acks = acks;
  }

  readonly observe = (consumer: TwinConsumer, records: readonly DynamoDBRecord[], doneAt: number): void => {
    for (const record of records) {
      const own = itemTime(record);
      if (own === undefined) {
        this.untimed++;
        continue;
      }
      const keys = record.dynamodb?.Keys;
      const acked = this.acks?.ackedAfter(keys?.pk?.S ?? '', keys?.sk?.S ?? '', own);
      if (acked === undefined) this.byItemTime++;
      // The stream may hand a record over before the API has the answer of its write: lag 0 then.
      this.samples.push({ consumer, writtenAt: Math.min(acked ?? own, doneAt), doneAt });
    }
  };

  /** What was collected since the last take. */
  take(): { samples: LagSample[]; untimed: number; byItemTime: number } {
    const taken = { samples: this.samples, untimed: this.untimed, byItemTime: this.byItemTime };
    this.samples = [];
    this.untimed = 0;
    this.byItemTime = 0;
    return taken;
  }
}

/** A time window, Date.now() milliseconds (a DynamoDB Local pause). */
export interface Window {
  from: number;
  to: number;
}

export interface StreamLagRow {
  consumer: string;
  records: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * The figures per consumer and for all records, the records that met a pause (written before
 * it ended and handled after it began: they wait for DynamoDB by design) in rows of their own.
 */
export function streamLagRows(samples: readonly LagSample[], pauses: readonly Window[] = []): StreamLagRow[] {
  const metPause = (s: LagSample) => pauses.some((w) => s.writtenAt < w.to && s.doneAt > w.from);
  const row = (consumer: string, of: readonly LagSample[]): StreamLagRow => {
    const lags = of.map((s) => s.doneAt - s.writtenAt);
    return {
      consumer,
      records: lags.length,
      p50: percentile(lags, 50),
      p99: percentile(lags, 99),
      max: lags.length > 0 ? Math.max(...lags) : Number.NaN,
    };
  };
  const clear = samples.filter((s) => !metPause(s));
  const paused = samples.filter(metPause);
  const consumers = [...new Set(samples.map((s) => s.consumer))].sort();
  return [
    ...consumers.map((c) =>
      row(
        c,
        clear.filter((s) => s.consumer === c),
      ),
    ),
    row('all', clear),
    ...(pauses.length > 0 ? [row('met a pause', paused)] : []),
  ];
}

/** The rows as a printable table. */
export function streamLagTable(rows: readonly StreamLagRow[]): string {
  const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)}` : '-');
  return table(
    ['consumer', 'records', 'p50 ms', 'p99 ms', 'max ms'],
    rows.map((r) => [r.consumer, String(r.records), ms(r.p50), ms(r.p99), ms(r.max)]),
  );
}
