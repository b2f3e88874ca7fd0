import { en } from 'zod/locales';
import * as z from 'zod/mini';

/**
 * The ONE zod the runtime uses: `zod/mini` (functional API, same parsing core as classic `zod`).
 * Classic `zod` cost every Lambda bundle ~60 KB and ~7-9 ms of import CPU (its ZodType attaches
 * dozens of methods to every schema and brings toJSONSchema along); with mini a bundle holds
 * ~30 KB of zod in all (issue "Performance": cold starts).
 * zod/mini loads no locale, so the English messages clients see in `errors[]` are configured
 * here, once: every module that builds or parses a schema imports `z` from this file (as
 * `import * as z from './zod'`; a namespace object re-exported as `{ z }` defeats tree shaking).
 * The request schemas are declared as `z.lazy(() => ...)`: a function imports whole schema modules
 * but parses with a few of their schemas, and building a zod schema at import costs ~30 µs per
 * node (~150 nodes in the product operations' module). Lazily, a cold start builds only the
 * schemas its request uses (test/unit/zod-mini.test.ts keeps it so).
 */
z.config(en());

export * from 'zod/mini';
