import { LocaleParam, PathId, ShopId } from './common';
import * as z from './zod';

/** Schemas of GET /{shopId}/producttypes/{productTypeId}. */
export const ProductTypePath = z.lazy(() => z.object({ shopId: ShopId, productTypeId: PathId }));
export const GetProductTypeQuery = z.lazy(() => z.object({ locale: LocaleParam }));
