import { LocaleParam, PathId, ShopId } from './common';
import * as z from './zod';

/** Schemas of GET /{shopId}/producttypes/{productTypeId}. */
export const ProductTypePath = z.object({ shopId: ShopId, productTypeId: PathId });
export const GetProductTypeQuery = z.object({ locale: LocaleParam });
