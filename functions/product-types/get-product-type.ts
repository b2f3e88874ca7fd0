import { localize } from '../../lib/domain/catalog/catalog';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { GetProductTypeQuery, ProductTypePath } from '../../lib/schemas/product-types';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/producttypes/{productTypeId}: the spec's product type, its attributes taken from the
 * shop's attribute definitions. An attribute's `name` and a value's `name` are the display texts in
 * the requested locale; `value` is the stored value; `preDefAttribute` marks predefined (facet) ones.
 */
export const handler = endpoint(
  routes.getProductType,
  { path: ProductTypePath, query: GetProductTypeQuery },
  async (req) => {
    return answerFromCatalog(req, (catalog) => {
      const type = catalog.productTypes.get(req.path.productTypeId);
      if (!type) throw new NotFound('Product type not found');
      const locale = resolveLocale(catalog.settings, req.query.locale);
      return ok({
        name: localize(catalog, type.name, locale) ?? type.alias,
        productTypeId: type.productTypeId,
        alias: type.alias,
        attributes: type.attributeKeys.flatMap((key) => {
          const definition = catalog.attributeDefinitions.get(key);
          if (!definition) return [];
          return [
            {
              visible: true,
              name: localize(catalog, definition.displayKey, locale) ?? key,
              values: definition.values.map((v) => ({
                value: v.value,
                name: localize(catalog, v.displayValue, locale) ?? v.value,
              })),
              preDefAttribute: definition.type === 'PreDefString',
            },
          ];
        }),
      });
    });
  },
);
