import * as z from '../zod';

/**
 * The answer of GET /products/export (docs/catalog.md "Export"): the file's presigned URL, as in Location.
 */
export const ProductExport = z
  .strictObject({
    url: z.url(),
  })
  .register(z.globalRegistry, { id: 'ProductExport' });
