/**
 * The image upload function of `npm run bench -- --parts images`, alone in a process as a Lambda
 * instance is: the real handler (functions/slideshow/upload-image.ts) called with API Gateway
 * events (a base64 multipart body, as AWS hands it over), one request at a time, against the twin
 * the bench started (DynamoDB Local and the embedded S3 server). The bench asks `upload` with a
 * picture and gets the latency and the process's peak RSS back.
 */
import { randomUUID } from 'node:crypto';
import { importShop } from '../../lib/data/import-shop';
import { routes } from '../../lib/routes';
import { issueDevToken } from '../local/dev-issuer';
import { readShopFile } from '../local/import-file';
import { lambdaContext, loadHandler } from '../local/lambda-runtime';
import { applyLocalEnv } from '../local/local-env';
import { failStart, serveParent } from './child-process';

try {
  applyLocalEnv({
    endpoint: String(process.env.BENCH_DYNAMODB_ENDPOINT),
    s3Endpoint: String(process.env.BENCH_S3_ENDPOINT),
  });
  const shopId = `images-${Date.now().toString(36)}`;
  await importShop(shopId, await readShopFile('infra/local/seed/demo.json'));
  const token = issueDevToken(shopId);
  const route = routes.uploadSlideshowImage;
  // sharp's cold cost inside this function: its import, then the handler's own (all but sharp).
  let started = performance.now();
  await import('sharp');
  const sharpImportMs = performance.now() - started;
  started = performance.now();
  const handler = await loadHandler(route.handler);
  const handlerImportMs = performance.now() - started;
  serveParent(
    { sharpImportMs, handlerImportMs },
    async (message) => {
      if (message.type !== 'upload') throw new Error(`unknown message ${message.type}`);
      const boundary = 'bench-boundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${randomUUID()}.${String(message.ext)}"\r\n\r\n`,
        ),
        Buffer.from(String(message.base64), 'base64'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const rawPath = `/${shopId}/products/${String(message.productId)}/slideshow`;
      const event = {
        version: '2.0',
        routeKey: `${route.method} ${route.path}`,
        rawPath,
        rawQueryString: '',
        headers: {
          accept: 'application/vnd.service.v1+json',
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        requestContext: {
          http: { method: 'POST', path: rawPath, sourceIp: '127.0.0.1' },
          requestId: randomUUID(),
        },
        pathParameters: { shopId, productId: String(message.productId) },
        body: body.toString('base64'),
        isBase64Encoded: true,
      };
      const start = performance.now();
      const result = (await handler(event, lambdaContext(route.name))) as {
        statusCode: number;
        body: string;
      };
      const ms = performance.now() - start;
      if (result.statusCode !== 201) throw new Error(`upload answered ${result.statusCode}: ${result.body}`);
      return { ms, bodyBytes: body.length, maxRssMb: process.resourceUsage().maxRSS / 1024 };
    },
    async () => {},
  );
} catch (error) {
  failStart(error);
}
