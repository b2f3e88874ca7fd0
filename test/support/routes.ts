import { type Route, routeList } from '../../lib/routes';
import { createCart } from './api';

/**
 * A concrete request for every route of the table, for matrix tests: the path filled in with a
 * fresh cart of the shop where the route needs one, and a valid body.
 */
export async function sampleRequests(shop = 'demo') {
  const cart = await createCart(shop);
  return routeList.map((route) => ({
    route,
    path: route.path.replace('{shopId}', shop).replace('{cartId}', cart.cartId),
    cartToken: route.cartToken ? cart.cartToken : undefined,
    body: sampleBody(route),
  }));
}

function sampleBody(route: Route): unknown {
  if (route.name === 'addLineItem') return { productId: 'merino-beanie', quantity: 1 };
  return route.body === 'none' ? undefined : {};
}
