import type { Step } from './steps';
import { field } from './steps';

/**
 * The shop, its products and search, categories and their assignments, product types and tax: the
 * catalog reads on the demo's products, and writes that undo themselves (a product created and
 * deleted, a category created, renamed, assigned, unassigned and deleted).
 */
export async function walkCatalog(step: Step): Promise<void> {
  await step('getShop', 200, 'GET', '');
  await step('getLocales', 200, 'GET', '/locales');
  await step('getCurrencies', 200, 'GET', '/currencies');
  await step('listProducts', 200, 'GET', '/products?resultsPerPage=2');
  await step('getProduct', 200, 'GET', '/products/merino-beanie');
  const product = await step('createProduct', 201, 'POST', '/products', {
    name: 'Espresso beans 250 g',
    price: 8.9,
    stocklevel: 120,
    ean: '4006381333931',
    visible: true,
  });
  await step('deleteProduct', 204, 'DELETE', `/products/${field(product, 'productId')}`);
  await step('listVariations', 200, 'GET', '/products/trail-tshirt/variations?resultsPerPage=2');
  await step('getLowestPrice', 200, 'GET', '/products/trail-tshirt/lowest-price');
  await step('suggestProducts', 200, 'GET', '/search/product-suggest?query=titan&limit=2');
  await step('getCrossSelling', 200, 'GET', '/products/dome-tent-2p/crossselling');
  await step('getCustomAttributes', 200, 'GET', '/products/trail-tshirt-red-m/custom-attributes');
  // 303 to the CSV's presigned URL: the answer itself, not the hop (calls must not follow redirects).
  await step('exportProducts', 303, 'GET', '/products/export?locale=en_GB');
  await step('updateCustomAttributes', 200, 'PATCH', '/products/merino-beanie/custom-attributes', [
    { op: 'add', path: '/', value: { key: 'Engraving', displayValue: 'Trail' } },
  ]);
  await step('listProductCategories', 200, 'GET', '/products/merino-beanie/categories');
  await step('searchProducts', 200, 'POST', '/search/products?resultsPerPage=2', { query: 'tent' });
  await step('listShippingMethods', 200, 'GET', '/shipping-methods');
  await step('getShippingMethod', 200, 'GET', '/shipping-methods/dhl-standard');
  await step('listCategories', 200, 'GET', '/categories');
  await step('getCategory', 200, 'GET', '/categories/clothing');
  const created = await step('createCategory', 201, 'POST', '/categories/clothing', {
    name: 'Hats',
    alias: 'hats',
  });
  const categoryId = field(created, 'categoryId');
  await step('updateCategory', 200, 'PUT', `/categories/${categoryId}`, {
    categoryId,
    name: 'Hats and caps',
  });
  const sequence = await step('getCategorySequence', 200, 'GET', '/categories/clothing/sequence');
  await step('updateCategorySequence', 200, 'PUT', '/categories/clothing/sequence', sequence.body);
  await step('createProductCategoryAssignments', 204, 'POST', '/product-category-assignments', {
    categoryId,
    productId: 'merino-beanie',
  });
  await step(
    'deleteProductCategoryAssignments',
    204,
    'DELETE',
    `/product-category-assignments?categoryId=${categoryId}&productId=merino-beanie`,
  );
  await step('deleteCategory', 204, 'DELETE', `/categories/${categoryId}`);
  await step('getProductType', 200, 'GET', '/producttypes/apparel');
  await step('listTaxClasses', 200, 'GET', '/tax-classes');
  await step('getTaxClass', 200, 'GET', '/tax-classes/standard');
  await step('getTaxModel', 200, 'GET', '/tax-model');
}
