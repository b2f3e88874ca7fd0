import { scriptTagView } from '../../lib/domain/storefront/script-tags';
import { endpoint } from '../../lib/http/endpoint';
import { created } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { CreateScriptTagBody } from '../../lib/schemas/script-tags';
import { createScriptTag } from '../../lib/use-cases/storefront/script-tags';

/**
 * POST /{shopId}/script-tags (scripttags_write) `{scriptUrl}` → 201 ScriptTag with Location; the
 * 21st tag of a shop is 409 (docs/catalog.md "Script tags").
 */
export const handler = endpoint(
  routes.createScriptTag,
  { path: ShopPath, body: CreateScriptTagBody },
  async (req) => {
    const tag = await createScriptTag(req.shopId, req.body.scriptUrl);
    return created(scriptTagView(tag, req.view('')), {
      Location: `/${req.shopId}/script-tags/${tag.scriptTagId}`,
    });
  },
);
