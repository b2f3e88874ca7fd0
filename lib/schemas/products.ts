import { z } from 'zod';
import { CurrencyParam, LocaleParam, paging } from './common';

/** Schemas of the product operations (contract "Products"). */

export const ListProductsQuery = z.object({
  ...paging(),
  locale: LocaleParam,
  currency: CurrencyParam,
  sort: z.enum(['name', 'price']).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
});

export const ListShippingMethodsQuery = z.object({ locale: LocaleParam });
