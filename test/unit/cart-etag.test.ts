import { describe, expect, it } from 'vitest';
import { cartEtag, etagMatches } from '../../lib/domain/cart/cart-etag';

const cart = { cartId: '01JABCDEFGHJKMNPQRSTVWXYZ0', version: 3 };

describe('cart ETag and If-Match', () => {
  it('names the cart and its version', () => {
    expect(cartEtag(cart)).toBe('"01JABCDEFGHJKMNPQRSTVWXYZ0.3"');
  });

  it.each([
    ['the current tag', '"01JABCDEFGHJKMNPQRSTVWXYZ0.3"', true],
    ['the current tag, weak', 'W/"01JABCDEFGHJKMNPQRSTVWXYZ0.3"', true],
    ['a list holding it', '"x.1" ,  "01JABCDEFGHJKMNPQRSTVWXYZ0.3"', true],
    ['any version', '*', true],
    ['an older version', '"01JABCDEFGHJKMNPQRSTVWXYZ0.2"', false],
    ['another cart', '"01JABCDEFGHJKMNPQRSTVWXYZ1.3"', false],
    ['the tag without quotes', '01JABCDEFGHJKMNPQRSTVWXYZ0.3', false],
  ])('If-Match with %s matches: %s', (_, ifMatch, matches) => {
    expect(etagMatches(ifMatch, cart)).toBe(matches);
  });
});
