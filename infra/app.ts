import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { StackConfigError, stackConfigFromContext, stackName } from './config';
import { ShopStack } from './shop-stack';

/**
 * The CDK app (cdk.json runs it): one stack per shop, named `ShopApi-<shopId>`, its properties
 * from context. Synthesizes offline; account and region come from the CLI's credentials when
 * deploying, and the stack stays environment-agnostic without them. cdk-nag's AwsSolutions pack
 * checks every synth: an unsuppressed finding fails `cdk synth` and `cdk deploy`.
 */
const app = new App();
Aspects.of(app).add(new AwsSolutionsChecks());
try {
  const config = stackConfigFromContext((key) => app.node.tryGetContext(key));
  new ShopStack(app, stackName(config.shopId), {
    config,
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  });
} catch (error) {
  if (!(error instanceof StackConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
