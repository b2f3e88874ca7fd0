import { setImmediate as nextTurn } from 'node:timers/promises';
import type { MiddlewareObj } from '@middy/core';
import { catalogVersion } from '../../data/catalog-repository';
import type { Route } from '../../routes';
import type { ApiContext, ApiEvent, ApiResult } from '../types';

/**
 * Catalog reads (routes with `catalogRead`): starts the read of the shop's catalog version right
 * after authentication, so that the rate limit, validation and the handler's answer run while
 * DynamoDB answers (lib/http/shop.ts answerFromCatalog) instead of after it.
 */
export function catalogVersionRead(route: Route): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    before: async (request) => {
      if (!route.catalogRead) return;
      const shopId = request.event.pathParameters?.shopId as string;
      const read = catalogVersion(shopId);
      // The handler awaits it; a request refused before then must not leave an unhandled rejection.
      read.catch(() => undefined);
      request.context.api.catalogVersionRead = read;
      // The SDK sends the request over a few microtasks: let it reach the socket before more work.
      await nextTurn();
    },
  };
}
