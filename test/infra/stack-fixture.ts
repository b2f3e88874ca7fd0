import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { stackConfigFromContext, stackName } from '../../infra/config';
import { ShopStack } from '../../infra/shop-stack';
import type { Route } from '../../lib/routes';

/**
 * Synthesizes a shop's stack for template assertions without bundling any function
 * (`aws:cdk:bundling-stacks` = []: NodejsFunction then uses a placeholder asset), so ~50 functions
 * synthesize in seconds. That no function is ever bundled with Docker is proven separately
 * (test/infra/bundling.test.ts).
 */
export function synthShop(context: Record<string, unknown> = {}, routes?: readonly Route[]) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const config = stackConfigFromContext((key) => ({ shopId: 'demo', ...context })[key]);
  const stack = new ShopStack(app, stackName(config.shopId), { config, ...(routes ? { routes } : {}) });
  return { stack, template: Template.fromStack(stack) };
}
