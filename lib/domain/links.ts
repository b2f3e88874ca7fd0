/** Link objects of the spec: `{rel, href}` with absolute hrefs under the API's base URL. */
export interface Link {
  rel: string;
  href: string;
  title?: string;
}

/** Where a response is rendered: the API base URL (scheme and host) and the shop. */
export interface ViewContext {
  baseUrl: string;
  shopId: string;
  locale: string;
}

/** A link to a path below the shop, e.g. link(ctx, 'self', 'carts', cartId). */
export function link(ctx: ViewContext, rel: string, ...segments: string[]): Link {
  return { rel, href: shopUrl(ctx, ...segments) };
}

/** The absolute URL of a path below the shop, segments URL-encoded. */
export function shopUrl(ctx: ViewContext, ...segments: string[]): string {
  return [ctx.baseUrl, encodeURIComponent(ctx.shopId), ...segments.map(encodeURIComponent)].join('/');
}
