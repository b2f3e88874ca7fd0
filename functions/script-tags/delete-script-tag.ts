import { endpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ScriptTagPath } from '../../lib/schemas/script-tags';
import { deleteScriptTag } from '../../lib/use-cases/storefront/script-tags';

/** DELETE /{shopId}/script-tags/{scriptTagId} (scripttags_write) → 204; an unknown tag is 404. */
export const handler = endpoint(routes.deleteScriptTag, { path: ScriptTagPath }, async (req) => {
  await deleteScriptTag(req.shopId, req.path.scriptTagId);
  return noContent();
});
