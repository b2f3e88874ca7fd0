import * as z from 'zod';
import { LocaleParam, PathId, ShopId } from './common';

/** Schemas of GET /{shopId}/producttypes/{productTypeId}. */
export const ProductTypePath = z.object({ shopId: ShopId, productTypeId: PathId });
export const GetProductTypeQuery = z.object({ locale: LocaleParam });
