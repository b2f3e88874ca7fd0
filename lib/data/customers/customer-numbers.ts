/**
 * Generated customer numbers: C-10001, C-10002, ... from the per-shop `customer` counter, shared by
 * POST /customers and checkout so both draw from one sequence.
 */
const OFFSET = 10000;

/** The customer number for the n-th generated customer (n ≥ 1). */
export function generatedCustomerNumber(n: number): string {
  return `C-${OFFSET + n}`;
}
