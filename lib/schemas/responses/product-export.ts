import * as z from '../zod';

/** The answer of GET /products/export (merchant API "Export"): the file's presigned URL, as in Location. */
export const ProductExport = z
  .strictObject({
    url: z.url(),
  })
  .register(z.globalRegistry, { id: 'ProductExport' });
