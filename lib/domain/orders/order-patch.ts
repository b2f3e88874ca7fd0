import type { Address } from '../cart/cart';
import {
  opField,
  type PatchOperation,
  type PatchProblem,
  parsePointer,
  type ValueCheck,
} from '../json-patch';
import { ORDER_TIMESTAMPS, type OrderTimestamp } from './order';

/**
 * The paths of `PATCH /orders/{o}` (merchant-api.md §3 path table) and the checks of each
 * operation's form: which ops a path takes and what its value looks like. Whether the order's
 * state allows the change is order-rules.ts's job, after every operation passed these checks.
 */

/** One operation of an order patch, checked: what it would set (null = unset). */
export type OrderChange =
  | { index: number; kind: 'timestamp'; name: OrderTimestamp; value: string | null }
  | { index: number; kind: 'text'; name: 'customerComment' | 'internalNote'; value: string | null }
  | { index: number; kind: 'address'; name: 'billingAddress' | 'shippingAddress'; value: Address }
  | { index: number; kind: 'orderNumber'; name: 'orderNumber'; value: string };

/**
 * How each value is checked on the wire (lib/schemas/orders.ts `orderPatchValues`): the address
 * checks are the carts' own (country, and emailAddress on a billing address, required).
 */
export interface OrderPatchValues {
  timestamp: ValueCheck<string>;
  text: ValueCheck<string>;
  billingAddress: ValueCheck<Address>;
  shippingAddress: ValueCheck<Address>;
  orderNumber: ValueCheck<string>;
}

const TEXTS = ['customerComment', 'internalNote'] as const;
const ADDRESSES = ['billingAddress', 'shippingAddress'] as const;
const ALLOWED =
  'a status timestamp (/viewedOn … /archivedOn), /customerComment, /internalNote, /billingAddress, /shippingAddress or /orderNumber';

/**
 * The operations as changes, or every problem named by its operation's index (`[i].op`, `[i].path`,
 * `[i].value`: merchant-api.md §1 "JSON Patch"). `add` on a timestamp without a value or with
 * "now" means `now`; `remove` unsets timestamps and texts; addresses and the number take `add` only.
 */
export function parseOrderPatch(
  operations: readonly PatchOperation[],
  values: OrderPatchValues,
  now: string,
): { changes: OrderChange[] } | { problems: PatchProblem[] } {
  const changes: OrderChange[] = [];
  const problems: PatchProblem[] = [];
  operations.forEach((operation, index) => {
    const problem = (member: string, message: string, ...rest: PropertyKey[]) =>
      problems.push({ field: opField(index, member, ...rest), message });
    const tokens = parsePointer(operation.path);
    const name = tokens?.length === 1 ? (tokens[0] as string) : undefined;
    const kind = kindOf(name);
    if (!name || !kind) {
      problem('path', `cannot patch ${operation.path}; allowed: ${ALLOWED}`);
      return;
    }
    const ops = kind === 'timestamp' || kind === 'text' ? ['add', 'remove'] : ['add'];
    if (!ops.includes(operation.op)) {
      problem('op', `${operation.path} takes ${ops.join(' or ')}, not ${operation.op}`);
      return;
    }
    if (operation.op === 'remove') {
      changes.push({ index, kind, name, value: null } as OrderChange);
      return;
    }
    const raw =
      kind === 'timestamp' && (operation.value === undefined || operation.value === 'now')
        ? now
        : operation.value;
    if (raw === undefined) {
      problem('value', `add on ${operation.path} needs a value`);
      return;
    }
    const check = kind === 'address' ? values[name as (typeof ADDRESSES)[number]] : values[kind];
    const checked = (check as ValueCheck<unknown>)(raw);
    if (!checked.ok) {
      for (const issue of checked.issues) problem('value', issue.message, ...issue.path);
      return;
    }
    changes.push({ index, kind, name, value: checked.value } as OrderChange);
  });
  return problems.length > 0 ? { problems } : { changes };
}

function kindOf(name: string | undefined): OrderChange['kind'] | undefined {
  if (name === undefined) return undefined;
  if ((ORDER_TIMESTAMPS as readonly string[]).includes(name)) return 'timestamp';
  if ((TEXTS as readonly string[]).includes(name)) return 'text';
  if ((ADDRESSES as readonly string[]).includes(name)) return 'address';
  return name === 'orderNumber' ? 'orderNumber' : undefined;
}
