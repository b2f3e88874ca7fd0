import { scriptUrlProblem } from '../domain/storefront/script-tags';
import { PathId, ShopId } from './common';
import * as z from './zod';

/** Schemas of the script tags (docs/catalog.md "Script tags"). */

export const ScriptTagPath = z.lazy(() => z.object({ shopId: ShopId, scriptTagId: PathId }));

/** POST body: `scriptUrl`, an absolute https URL of at most 2,048 characters. */
export const CreateScriptTagBody = z.lazy(() =>
  z.strictObject({
    scriptUrl: z.string().check(
      z.superRefine((url, ctx) => {
        const problem = scriptUrlProblem(url);
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: url });
      }),
    ),
  }),
);
