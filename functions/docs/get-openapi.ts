import { publicDocument } from '../../lib/http/public-document';
// The repository root's openapi.json: read at import by the local twin, embedded by esbuild's json
// loader in the stack's bundle.
import openapi from '../../openapi.json';

/** GET /openapi.json: the API's OpenAPI document, without a token (outside the route table). */
export const handler = publicDocument('getOpenApi', openapi);
