import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { stackConfigFromContext, stackName } from '../../infra/config';
import { ShopStack } from '../../infra/shop-stack';
import type { Route } from '../../lib/routes';

/**
 * Synthesizes a shop's stack for template assertions without bundling any function
 * (`aws:cdk:bundling-stacks` = []: NodejsFunction then uses a placeholder asset), so ~50 functions
 * synthesize in seconds. That no function is ever bundled with Docker is proven separately
 * (test/infra/bundling.test.ts). CDK's built-in CloudFormation validation (a few seconds per
 * synth) runs only when asked for.
 */
export function synthShop(
  context: Record<string, unknown> = {},
  options: { routes?: readonly Route[]; validate?: boolean } = {},
) {
  const app = new App({
    context: { 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: options.validate ?? false,
  });
  const config = stackConfigFromContext((key) => ({ shopId: 'demo', ...context })[key]);
  const stack = new ShopStack(app, stackName(config.shopId), {
    config,
    ...(options.routes ? { routes: options.routes } : {}),
  });
  const assembly = app.synth();
  const template = Template.fromStack(stack);
  const validationReport = options.validate
    ? (JSON.parse(readFileSync(join(assembly.directory, 'validation-report.json'), 'utf8')) as {
        pluginReports: unknown[];
      })
    : undefined;
  return { stack, template, validationReport };
}
