import { LocaleParam } from './common';
import * as z from './zod';

/** GET /products/export query: `locale`, the language of the header labels (a shop locale; default the shop's). */
export const ExportProductsQuery = z.lazy(() => z.object({ locale: LocaleParam }));
