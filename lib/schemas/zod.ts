import { en } from 'zod/locales';
import * as z from 'zod/mini';

/**
 * The ONE zod the runtime uses: `zod/mini` (functional API, same parsing core as classic `zod`).
 * Importing classic `zod` costs every Lambda bundle ~70 KB and ~6 ms of CPU at cold start (its
 * ZodType attaches dozens of methods to every schema); mini costs ~12 KB and well under 1 ms.
 * zod/mini loads no locale, so the English messages clients see in `errors[]` are configured
 * here, once: every module that builds or parses a schema imports `z` from this file (as
 * `import * as z from './zod'`; a namespace object re-exported as `{ z }` defeats tree shaking).
 */
z.config(en());

export * from 'zod/mini';
