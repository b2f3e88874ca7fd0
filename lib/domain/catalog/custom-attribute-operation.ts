/** docs/catalog.md "Custom attributes": the operations of a custom-attribute JSON Patch. */
export const CUSTOM_ATTRIBUTE_OPS = ['add', 'remove'] as const;

/**
 * One operation on a product's custom attributes: `add` sets or adds a value (`displayValue`,
 * always given for add), `remove` unsets the attribute. The path is always the root.
 */
export interface CustomAttributeOperation {
  op: (typeof CUSTOM_ATTRIBUTE_OPS)[number];
  path: '/';
  value: { key: string; displayValue?: string };
}
