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
 * The paths of `PATCH /orders/{o}` (docs/orders.md "PATCH /orders/{o}") and the checks of each
 * operation's form: which ops a path takes and what its value looks like. Whether the order's
 * state allows the change is order-rules.ts's job, after every operation passed these checks.
 */

/** One operation of an order patch, checked: what it would set (null = unset). */
export type OrderChange =
  | { index: number; kind: 'timestamp'; name: OrderTimestamp; value: string | null }
  | { index: number; kind: 'text'; name: 'customerComment' | 'internalNote'; value: string | null }
  | { index: number; kind: 'address'; name: AddressName; value: Address }
  | { index: number; kind: 'orderNumber'; name: 'orderNumber'; value: string };

type AddressName = 'billingAddress' | 'shippingAddress';

/**
 * How each value is checked on the wire (lib/schemas/orders.ts `orderPatchValues`). An address
 * patch sends some of the fields (`addressFields`: known fields only); the address it leaves, merged
 * into the order's, gets the carts' own checks (country, and emailAddress on a billing address,
 * required), which also complete it with every field.
 */
export interface OrderPatchValues {
  timestamp: ValueCheck<string>;
  text: ValueCheck<string>;
  addressFields: ValueCheck<Address>;
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
 * `[i].value`: docs/api-rules.md "JSON Patch"). `add` on a timestamp without a value or with
 * "now" means `now`; `remove` unsets timestamps and texts; addresses and the number take `add` only.
 * An address change holds only the fields sent until mergeAddressChanges merges it.
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
    const check = kind === 'address' ? values.addressFields : values[kind];
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

/**
 * Merges each address change into the address the order (and the earlier operations) left: a field
 * sent sets it, a field sent as null clears it, a field not sent keeps its value (docs/orders.md
 * "PATCH /orders/{o}"). The merged address must pass the carts' checks, else its problems are named
 * `[i].value` (e.g. a shipping address patched onto an order that had none needs a country).
 */
export function mergeAddressChanges(
  order: Readonly<Record<AddressName, Address | null>>,
  changes: readonly OrderChange[],
  values: OrderPatchValues,
): { changes: OrderChange[] } | { problems: PatchProblem[] } {
  const addresses: Record<AddressName, Address | null> = {
    billingAddress: order.billingAddress,
    shippingAddress: order.shippingAddress,
  };
  const problems: PatchProblem[] = [];
  const merged = changes.map((change): OrderChange => {
    if (change.kind !== 'address') return change;
    const checked = values[change.name]({ ...withoutNulls(addresses[change.name]), ...change.value });
    if (!checked.ok) {
      for (const issue of checked.issues)
        problems.push({ field: opField(change.index, 'value', ...issue.path), message: issue.message });
      return change;
    }
    addresses[change.name] = checked.value;
    return { ...change, value: checked.value };
  });
  return problems.length > 0 ? { problems } : { changes: merged };
}

/** The fields that hold a value (a stored address carries every field, most of them null). */
function withoutNulls(address: Address | null): Address {
  return Object.fromEntries(Object.entries(address ?? {}).filter(([, value]) => value !== null));
}
