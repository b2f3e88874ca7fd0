/** The parts of the API's error body a refusal is said from (its Error schema). */
interface RefusalBody {
  message?: string;
  errors?: { field: string; message: string }[];
}

/** Why the API refused, in its own words: the first entry's message, else the body's, else the status. */
export function firstReason(status: number, body: RefusalBody | undefined): string {
  return body?.errors?.[0]?.message ?? body?.message ?? `HTTP ${status}`;
}

/** Every entry of a refusal as `field: message` (a form names each field at fault), else as firstReason. */
export function fieldReasons(status: number, body: RefusalBody | undefined): string {
  const entries = body?.errors?.map((e) => `${e.field}: ${e.message}`).join('; ');
  return entries || firstReason(status, body);
}
