import { isAddressField } from '../address';
import {
  opField,
  type PatchOperation,
  type PatchProblem,
  parsePointer,
  type ValueCheck,
} from '../json-patch';
import type { CustomerRecord } from './customer';

export type { ValueCheck };

const ALLOWED = '/customerNumber, /billingAddress, /billingAddress/<field> or /internalNote';

/**
 * The checks of the values a customer patch writes. Which operations and paths a patch may use
 * is the domain's rule (below); what a customer number or an address looks like on the wire is
 * the request schemas' (lib/schemas/customers.ts `customerPatchValues`), as for POST /customers.
 */
export interface CustomerPatchValues {
  customerNumber: ValueCheck<string>;
  internalNote: ValueCheck<string | null>;
  billingAddress: ValueCheck<Record<string, string | null | undefined>>;
  addressField(field: string): ValueCheck<string | null>;
}

/**
 * Applies a JSON Patch to a customer (docs/catalog.md "Customers": add/replace/remove on
 * /customerNumber, /billingAddress and /internalNote). Also `/billingAddress/<field>` for one Address field.
 * All or nothing: any problem makes the whole patch fail, with every problem named by its
 * operation's index. Every Address field exists (null when unset), so add and replace both set
 * one; remove on a field drops it, on /internalNote sets null; customerNumber and billingAddress
 * cannot be removed. Each value is checked with `values`.
 */
export function applyCustomerPatch(
  customer: CustomerRecord,
  operations: readonly PatchOperation[],
  values: CustomerPatchValues,
): { customer: CustomerRecord } | { problems: PatchProblem[] } {
  let next: CustomerRecord = { ...customer, billingAddress: { ...customer.billingAddress } };
  const problems: PatchProblem[] = [];
  operations.forEach((operation, i) => {
    const problem = (member: string, message: string, ...rest: PropertyKey[]) => {
      problems.push({ field: opField(i, member, ...rest), message });
    };
    const { op } = operation;
    if (op !== 'add' && op !== 'replace' && op !== 'remove') {
      problem('op', `operation ${op} is not supported; use add, replace or remove`);
      return;
    }
    const tokens = parsePointer(operation.path);
    const target = tokens?.join('/');
    const isField = tokens?.length === 2 && tokens[0] === 'billingAddress';
    if (target !== 'customerNumber' && target !== 'billingAddress' && target !== 'internalNote' && !isField) {
      problem('path', `cannot patch ${operation.path}; allowed: ${ALLOWED}`);
      return;
    }
    const value = <T>(check: ValueCheck<T>): { ok: true; value: T } | { ok: false } => {
      if (operation.value === undefined) {
        problem('value', `${op} needs a value`);
        return { ok: false };
      }
      const checked = check(operation.value);
      if (checked.ok) return checked;
      for (const issue of checked.issues) problem('value', issue.message, ...issue.path);
      return { ok: false };
    };

    if (isField) {
      const field = tokens?.[1] as string;
      if (!isAddressField(field)) {
        problem('path', `${field} is not an Address field`);
        return;
      }
      const billingAddress = { ...next.billingAddress };
      if (op === 'remove') delete billingAddress[field];
      else {
        const v = value(values.addressField(field));
        if (!v.ok) return;
        billingAddress[field] = v.value;
      }
      next = { ...next, billingAddress };
    } else if (target === 'internalNote') {
      if (op === 'remove') next = { ...next, internalNote: null };
      else {
        const v = value(values.internalNote);
        if (v.ok) next = { ...next, internalNote: v.value };
      }
    } else if (op === 'remove') {
      problem('path', `${target} cannot be removed`);
    } else if (target === 'customerNumber') {
      const v = value(values.customerNumber);
      if (v.ok) next = { ...next, customerNumber: v.value };
    } else {
      const v = value(values.billingAddress);
      if (v.ok) next = { ...next, billingAddress: definedOnly(v.value) };
    }
  });
  return problems.length > 0 ? { problems } : { customer: next };
}

/** An address without the fields that were not sent. */
export function definedOnly(
  address: Record<string, string | null | undefined>,
): Record<string, string | null> {
  return Object.fromEntries(Object.entries(address).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | null
  >;
}
