import { updateCatalog } from '../../data/catalog/catalog-update';
import { newId } from '../../data/ids';
import type { ShopScriptTag } from '../../domain/catalog/catalog-types';
import { NotFoundError, StateConflict } from '../../domain/errors';
import { MAX_SCRIPT_TAGS, normalisedScriptUrl } from '../../domain/storefront/script-tags';

/**
 * Adds a script tag (docs/catalog.md "Script tags"). Tags live in the catalog, so storefront reads get
 * them from memory and warm instances see a new one by difference; the limit holds under racing
 * POSTs because a catalog change is written only on the catalog version it counted on.
 */
export async function createScriptTag(shopId: string, scriptUrl: string): Promise<ShopScriptTag> {
  const now = new Date().toISOString();
  const tag: ShopScriptTag = {
    scriptTagId: newId(),
    scriptUrl: normalisedScriptUrl(scriptUrl),
    createdOn: now,
    updatedOn: now,
  };
  return updateCatalog(shopId, (catalog) => {
    if (catalog.scriptTags.length >= MAX_SCRIPT_TAGS)
      throw new StateConflict(`A shop holds at most ${MAX_SCRIPT_TAGS} script tags`, [
        {
          field: 'scriptUrl',
          message: `the shop already has ${MAX_SCRIPT_TAGS} script tags; delete one first`,
        },
      ]);
    return { puts: [{ kind: 'scriptTag', id: tag.scriptTagId, data: tag }], result: tag };
  });
}

/** Removes a script tag; an unknown one is NotFoundError (404). */
export async function deleteScriptTag(shopId: string, scriptTagId: string): Promise<void> {
  await updateCatalog(shopId, (catalog) => {
    if (!catalog.scriptTags.some((t) => t.scriptTagId === scriptTagId)) throw new NotFoundError('Script tag');
    return { deletes: [{ kind: 'scriptTag', id: scriptTagId }], result: undefined };
  });
}
