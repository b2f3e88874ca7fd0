import { describe, expect, it } from 'vitest';
import type { CustomerRecord } from '../../lib/domain/customer';
import { applyCustomerPatch } from '../../lib/domain/customer-patch';
import { opField, parsePointer } from '../../lib/domain/json-patch';

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
    const result = applyCustomerPatch(customer, [
      { op: 'add', path: '/billingAddress/city', value: 'Basel' },
      { op: 'replace', path: '/billingAddress/city', value: 'Bern' },
      { op: 'remove', path: '/billingAddress/firstName' },
      { op: 'add', path: '/internalNote', value: 'VIP' },
      { op: 'replace', path: '/customerNumber', value: 'C-2' },
    ]);

    expect(result).toEqual({
      customer: { ...customer, customerNumber: 'C-2', billingAddress: { city: 'Bern' }, internalNote: 'VIP' },
    });
  });

  it('does not change the customer it is given', () => {
    const copy = structuredClone(customer);

    applyCustomerPatch(customer, [{ op: 'remove', path: '/billingAddress/city' }]);

    expect(customer).toEqual(copy);
  });

  it('replaces the whole address with the fields sent', () => {
    const result = applyCustomerPatch(customer, [
      { op: 'replace', path: '/billingAddress', value: { lastName: 'Adler', company: null } },
    ]);

    expect(result).toEqual({
      customer: { ...customer, billingAddress: { lastName: 'Adler', company: null } },
    });
  });

  it('collects every problem, each named by its operation index', () => {
    const result = applyCustomerPatch(customer, [
      { op: 'test', path: '/internalNote', value: null },
      { op: 'add', path: '/creationDate', value: 'x' },
      { op: 'remove', path: '/customerNumber' },
      { op: 'add', path: '/billingAddress', value: { town: 'x' } },
      { op: 'add', path: '/billingAddress/city', value: 'x'.repeat(300) },
      { op: 'add', path: '/billingAddress/city/name', value: 'x' },
      { op: 'add', path: '/internalNote' },
      { op: 'replace', path: '/internalNote', value: 'fine' },
    ]);

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
});
