import { describe, expect, it } from 'vitest';
import type { CustomerRecord } from '../../lib/domain/customers/customer';
import { applyCustomerPatch, type CustomerPatchValues } from '../../lib/domain/customers/customer-patch';
import { opField, parsePointer } from '../../lib/domain/json-patch';
import { customerPatchValues } from '../../lib/schemas/customers';

const customer: CustomerRecord = {
  customerId: 'c1',
  customerNumber: 'C-1',
  creationDate: '2026-01-01T00:00:00Z',
  billingAddress: { firstName: 'Anna', city: 'Freiburg' },
  internalNote: null,
};

describe('JSON Pointer', () => {
  it.each([
    ['', []],
    ['/a', ['a']],
    ['/a/b', ['a', 'b']],
    ['/a~1b/c~0d', ['a/b', 'c~d']],
    ['/', ['']],
    ['a', null],
    ['/a~2', null],
    ['/a~', null],
  ])('parses %j', (pointer, tokens) => {
    expect(parsePointer(pointer)).toEqual(tokens);
  });

  it('names operation members', () => {
    expect(opField(2, 'value', 'street')).toBe('[2].value.street');
    expect(opField(0, 'path')).toBe('[0].path');
  });
});

describe('applyCustomerPatch', () => {
  it('applies the operations in order', () => {
    const result = applyCustomerPatch(
      customer,
      [
        { op: 'add', path: '/billingAddress/city', value: 'Basel' },
        { op: 'replace', path: '/billingAddress/city', value: 'Bern' },
        { op: 'remove', path: '/billingAddress/firstName' },
        { op: 'add', path: '/internalNote', value: 'VIP' },
        { op: 'replace', path: '/customerNumber', value: 'C-2' },
      ],
      customerPatchValues,
    );

    expect(result).toEqual({
      customer: { ...customer, customerNumber: 'C-2', billingAddress: { city: 'Bern' }, internalNote: 'VIP' },
    });
  });

  it('does not change the customer it is given', () => {
    const copy = structuredClone(customer);

    applyCustomerPatch(customer, [{ op: 'remove', path: '/billingAddress/city' }], customerPatchValues);

    expect(customer).toEqual(copy);
  });

  it('replaces the whole address with the fields sent', () => {
    const result = applyCustomerPatch(
      customer,
      [{ op: 'replace', path: '/billingAddress', value: { lastName: 'Adler', company: null } }],
      customerPatchValues,
    );

    expect(result).toEqual({
      customer: { ...customer, billingAddress: { lastName: 'Adler', company: null } },
    });
  });

  it('collects every problem, each named by its operation index', () => {
    const result = applyCustomerPatch(
      customer,
      [
        { op: 'test', path: '/internalNote', value: null },
        { op: 'add', path: '/creationDate', value: 'x' },
        { op: 'remove', path: '/customerNumber' },
        { op: 'add', path: '/billingAddress', value: { town: 'x' } },
        { op: 'add', path: '/billingAddress/city', value: 'x'.repeat(300) },
        { op: 'add', path: '/billingAddress/city/name', value: 'x' },
        { op: 'add', path: '/internalNote' },
        { op: 'replace', path: '/internalNote', value: 'fine' },
      ],
      customerPatchValues,
    );

    expect(result).toEqual({
      problems: [
        { field: '[0].op', message: 'operation test is not supported; use add, replace or remove' },
        { field: '[1].path', message: expect.stringContaining('cannot patch /creationDate') },
        { field: '[2].path', message: 'customerNumber cannot be removed' },
        { field: '[3].value', message: expect.stringContaining('town') },
        { field: '[4].value', message: expect.any(String) },
        { field: '[5].path', message: expect.stringContaining('cannot patch') },
        { field: '[6].value', message: 'add needs a value' },
      ],
    });
  });

  it('writes each value as its check gives it back and names its problems within the value', () => {
    // Prepare: checks that upper-case what they accept and refuse "bad" at a place inside the value.
    const upper = (value: unknown) =>
      value === 'bad'
        ? { ok: false as const, issues: [{ message: 'not this one', path: ['inner', 0] }] }
        : { ok: true as const, value: String(value).toUpperCase() };
    const values: CustomerPatchValues = {
      customerNumber: upper,
      internalNote: upper,
      billingAddress: () => ({ ok: true, value: { city: 'CHECKED' } }),
      addressField: () => upper,
    };

    // Act
    const accepted = applyCustomerPatch(
      customer,
      [
        { op: 'add', path: '/internalNote', value: 'vip' },
        { op: 'replace', path: '/billingAddress', value: { city: 'sent' } },
        { op: 'add', path: '/billingAddress/street', value: 'main' },
      ],
      values,
    );
    const refused = applyCustomerPatch(
      customer,
      [{ op: 'replace', path: '/customerNumber', value: 'bad' }],
      values,
    );

    // Assess
    expect(accepted).toEqual({
      customer: { ...customer, internalNote: 'VIP', billingAddress: { city: 'CHECKED', street: 'MAIN' } },
    });
    expect(refused).toEqual({ problems: [{ field: '[0].value.inner.0', message: 'not this one' }] });
  });
});
