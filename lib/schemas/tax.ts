import { LocaleParam, PathId, paging, ShopId } from './common';
import * as z from './zod';

/** Schemas of the tax operations (docs/catalog.md "Product types and tax"). */
export const ListTaxClassesQuery = z.lazy(() => z.object({ ...paging(), locale: LocaleParam }));
export const TaxClassPath = z.lazy(() => z.object({ shopId: ShopId, taxClassId: PathId }));
export const GetTaxClassQuery = z.lazy(() => z.object({ locale: LocaleParam }));
export const GetTaxModelQuery = z.lazy(() => z.object({ locale: LocaleParam }));
