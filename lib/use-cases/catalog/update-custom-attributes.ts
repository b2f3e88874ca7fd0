import { updateProduct } from '../../data/catalog/product-writes';
import type { Catalog } from '../../domain/catalog/catalog';
import { applyAttributePatch } from '../../domain/catalog/product-custom-attributes';
import { RefusedInput } from '../../domain/errors';

type AttributeOperations = Parameters<typeof applyAttributePatch>[2];
type Product = ReturnType<typeof applyAttributePatch>['product'];

/**
 * Applies a custom-attribute JSON Patch to a product (docs/catalog.md "Custom attributes"), written with the
 * catalog version bump so the next read and search see it; any bad operation refuses the whole
 * patch. Works on invisible products too. Returns the product and the catalog it was read from.
 */
export async function updateCustomAttributes(input: {
  shopId: string;
  productId: string;
  operations: AttributeOperations;
}): Promise<{ catalog: Catalog; product: Product }> {
  return updateProduct(input.shopId, input.productId, (current, found) => {
    const patched = applyAttributePatch(current, found, input.operations);
    if (patched.errors.length > 0) throw new RefusedInput('Invalid JSON Patch', patched.errors);
    return patched.product;
  });
}
