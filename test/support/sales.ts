import { type ApiResponse, call } from './api';

/**
 * GET /{shop}/sales{query} until `settled` says its answer is, or 15 s have passed (the tally
 * follows the stream within about a second); the last answer. Anything but 200 throws.
 */
export async function salesUntil(
  shop: string,
  query: string,
  settled: (body: { salesPerCurrency: { totalOrders: number }[] }) => boolean,
): Promise<ApiResponse> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await call(`/${shop}/sales${query}`);
    if (response.status !== 200) throw new Error(`GET /sales: ${response.status} ${response.text}`);
    if (settled(response.body) || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
