import type { ShopPriceSet, ShopProduct } from './catalog-types';

/** A currency's prices with the price alone: no manufacturer, deposit, eco-participation or base price. */
export function priceOnly(price: string): ShopPriceSet {
  return { price, manufacturerPrice: null, depositPrice: null, ecoParticipationPrice: null, basePrice: null };
}

/** Sold by the piece, one or more at a time: the order units a new product starts with. */
export const BY_THE_PIECE = {
  minOrder: 1,
  intervalOrder: 1,
  priceQuantity: 1,
  orderUnit: 'pc.',
  refUnit: 'pc.',
  refAmount: 1,
  refContentAmount: 1,
} as const satisfies Partial<ShopProduct>;
