import { keys } from '../keys';
import { endLease, takeLease } from '../leases';

/**
 * Who generates a product export (docs/catalog.md "Export"): one lease item (lib/data/leases.ts)
 * per catalog version and locale, so of many requests for a missing file exactly one generates it
 * while the others wait for the file. A generation that died (its function timed out or crashed)
 * blocks the file no longer than its lease, then the next request takes the lease over. Each
 * taking counts: the file carries its generation's number.
 */

/** How long the lease items stay (TTL): two days, longer than the files they generate (a day). */
const LEASE_ITEM_SECONDS = 2 * 24 * 3600;

/** The outcome of trying to take the lease. */
export type ExportLease =
  | { taken: true; generation: number; token: string }
  | { taken: false; until: number };

/** The export being generated: shop, catalog version and locale. */
export interface ExportOf {
  shopId: string;
  version: number;
  locale: string;
}

const leaseKey = (of: ExportOf) => keys.productExportLease(of.shopId, of.version, of.locale);

/** Takes the export's lease until `now + forMs` unless another holder's lease is still running. */
export async function takeExportLease(of: ExportOf, now: number, forMs: number): Promise<ExportLease> {
  const lease = await takeLease(leaseKey(of), {
    now,
    forMs,
    expiresAt: Math.floor(now / 1000) + LEASE_ITEM_SECONDS,
  });
  return lease.taken ? { taken: true, generation: lease.takings, token: lease.token } : lease;
}

/** Ends the holder's lease early (its generation failed), so the next request generates at once. */
export async function releaseExportLease(of: ExportOf, token: string): Promise<void> {
  await endLease(leaseKey(of), token);
}
