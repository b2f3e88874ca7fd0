/**
 * `npm run staff -- add you@shop.example --shop myshop [--read-only]`, `remove`, `list`: the shop's
 * console staff, as users of the stack's Cognito pool in the group the pre-token trigger turns into
 * scopes (docs/deploy.md "The merchant console"). Finds the pool from the stack's `UserPoolId` output.
 */
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { parseStaffArgs, STAFF_USAGE, StaffUsageError } from './staff-args';
import { messageOf, runStaff } from './staff-commands';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${STAFF_USAGE}\n`);
    return 0;
  }
  try {
    const request = parseStaffArgs(argv);
    const lines = await runStaff(request, {
      cloudFormation: new CloudFormationClient({}),
      cognito: (region) => new CognitoIdentityProviderClient({ region }),
    });
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`${messageOf(error)}\n`);
    return error instanceof StaffUsageError ? 2 : 1;
  }
}

process.exitCode = await main();
