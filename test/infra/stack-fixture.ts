import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Aspects } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { stackConfigFromContext, stackName } from '../../infra/config';
import { ShopStack } from '../../infra/shop-stack';
import type { Route } from '../../lib/routes';
import { flattenedResources, stackTemplates } from './nested-templates';

/** A folder that never exists: the stack deploys the console's placeholder page. */
export const NO_CONSOLE_BUILD = join(import.meta.dirname, 'no-console-build');

/**
 * Synthesizes a shop's stack for template assertions without bundling any function
 * (`aws:cdk:bundling-stacks` = []: each function then gets a placeholder asset), so ~50 functions
 * synthesize in seconds. That no function is ever bundled with Docker is proven separately
 * (test/infra/bundling.test.ts). CDK's built-in CloudFormation validation (a few seconds per
 * synth) and cdk-nag's AwsSolutions checks (as infra/app.ts runs them; findings become the
 * stack's error and warning annotations) run only when asked for.
 *
 * The route groups' resources are in nested stacks (infra/route-groups.ts): `template` is the
 * parent's alone, `templates` the parent's and each nested one's (for checks per file: cfn-lint,
 * resource counts), and `resources` all of them in one map with the cross-stack references
 * resolved (for assertions over every function, wherever it sits).
 *
 * The console is synthesized without a build (its placeholder page), whether or not `console/dist`
 * exists on this machine, unless `consoleDist` names one (test/infra/console-hosting.test.ts).
 */
export function synthShop(
  context: Record<string, unknown> = {},
  options: { routes?: readonly Route[]; validate?: boolean; nag?: boolean; consoleDist?: string } = {},
) {
  const app = new App({
    context: { 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: options.validate ?? false,
  });
  const config = stackConfigFromContext((key) => ({ shopId: 'demo', ...context })[key]);
  const stack = new ShopStack(app, stackName(config.shopId), {
    config,
    consoleDist: options.consoleDist ?? NO_CONSOLE_BUILD,
    ...(options.routes ? { routes: options.routes } : {}),
  });
  if (options.nag) Aspects.of(app).add(new AwsSolutionsChecks());
  const assembly = app.synth();
  const template = Template.fromStack(stack);
  const templatePath = assembly.getStackByName(stack.stackName).templateFullPath;
  const templates = stackTemplates(stack, assembly);
  const resources = flattenedResources(stack, templates);
  const validationReport = options.validate
    ? (JSON.parse(readFileSync(join(assembly.directory, 'validation-report.json'), 'utf8')) as {
        pluginReports: unknown[];
      })
    : undefined;
  return { stack, template, templatePath, templates, resources, validationReport };
}

let shared: ReturnType<typeof synthShop> | undefined;

/**
 * The stack of test/infra/shop-stack.test.ts and of the suites it runs (`*.suite.ts`: media and
 * exports storage, the secrets): a shop with an alarm e-mail and two allowed origins, CloudFormation's
 * validation run. Synthesized once for all of them: each synthesis costs seconds of CPU, the
 * validation more.
 */
export function sharedShopStack(): ReturnType<typeof synthShop> {
  shared ??= synthShop(
    { alarmEmail: 'ops@example.com', allowedOrigins: 'https://shop.example.com, https://admin.example.com' },
    { validate: true },
  );
  return shared;
}
