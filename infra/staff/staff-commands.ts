import { DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminRemoveUserFromGroupCommand,
  ListUsersInGroupCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { READ_ONLY_GROUP, STAFF_GROUP } from '../../functions/auth/add-shop-claim';
import { STAFF_USAGE, type StaffRequest, StaffUsageError } from './staff-args';

/** An AWS SDK v3 client, or a stub of one in tests. */
export interface CommandSender {
  send(command: object): Promise<unknown>;
}

export interface StaffClients {
  cloudFormation: CommandSender;
  /** The Cognito client of the pool's region (a pool id starts with its region). */
  cognito(region: string): CommandSender;
}

/** A failure the merchant can act on; the message says what to do. */
export class StaffError extends Error {
  override name = 'StaffError';
}

/** The shop's stack: `ShopApi-<shopId>` (`_` becomes `-`, as infra/config.ts names it). */
export function defaultStackName(shopId: string): string {
  return `ShopApi-${shopId.replace(/_/g, '-')}`;
}

/** Runs one request; returns the lines to print. */
export async function runStaff(request: StaffRequest, clients: StaffClients): Promise<string[]> {
  const stack = request.stack ?? defaultStackName(request.shop);
  const poolId = await userPoolOf(stack, clients.cloudFormation);
  const cognito = clients.cognito(poolId.split('_')[0] as string);
  switch (request.command) {
    case 'add':
      return addStaff(cognito, poolId, request.email, request.readOnly ? READ_ONLY_GROUP : STAFF_GROUP);
    case 'remove':
      return removeStaff(cognito, poolId, request.email, request.shop);
    case 'list':
      return listStaff(cognito, poolId);
  }
}

/** The stack's `UserPoolId` output. */
async function userPoolOf(stack: string, cloudFormation: CommandSender): Promise<string> {
  let answer: { Stacks?: { Outputs?: { OutputKey?: string; OutputValue?: string }[] }[] };
  try {
    answer = (await cloudFormation.send(new DescribeStacksCommand({ StackName: stack }))) as typeof answer;
  } catch (error) {
    if (nameOf(error) === 'ValidationError' && /does not exist/.test(String((error as Error).message)))
      throw new StaffError(
        `No stack ${stack} in this account and region: check --shop (or --stack) and AWS_REGION / AWS_PROFILE.`,
      );
    throw error;
  }
  const outputs = answer.Stacks?.[0]?.Outputs ?? [];
  const poolId = outputs.find((o) => o.OutputKey === 'UserPoolId')?.OutputValue;
  if (!poolId)
    throw new StaffError(
      `Stack ${stack} has no user pool: it was deployed with an external issuer (issuerUrl), whose own tools add people.`,
    );
  return poolId;
}

async function addStaff(
  cognito: CommandSender,
  poolId: string,
  email: string,
  group: string,
): Promise<string[]> {
  const lines: string[] = [];
  try {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
        DesiredDeliveryMediums: ['EMAIL'],
      }),
    );
    lines.push(`Invited ${email}: Cognito e-mails a temporary password and the console's address.`);
  } catch (error) {
    if (nameOf(error) !== 'UsernameExistsException') throw error;
    lines.push(`${email} is already a user (no new invitation; remove, then add, sends one).`);
  }
  const other = group === STAFF_GROUP ? READ_ONLY_GROUP : STAFF_GROUP;
  try {
    await cognito.send(
      new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: email, GroupName: group }),
    );
    // One role at a time: adding with or without --read-only changes it.
    await cognito.send(
      new AdminRemoveUserFromGroupCommand({ UserPoolId: poolId, Username: email, GroupName: other }),
    );
  } catch (error) {
    if (nameOf(error) === 'ResourceNotFoundException')
      throw new StaffError(
        `The pool has no group ${group}: deploy the stack with the console first (npm run deploy), then run add again.`,
      );
    throw error;
  }
  lines.push(
    group === STAFF_GROUP
      ? `${email} is in group ${group}: every scope of the API.`
      : `${email} is in group ${group}: the read scopes only.`,
  );
  return lines;
}

async function removeStaff(
  cognito: CommandSender,
  poolId: string,
  email: string,
  shop: string,
): Promise<string[]> {
  try {
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: poolId, Username: email }));
  } catch (error) {
    if (nameOf(error) === 'UserNotFoundException')
      throw new StaffError(
        `${email} is not a user of shop ${shop}'s pool (npm run staff -- list --shop ${shop}).`,
      );
    throw error;
  }
  return [`Removed ${email}: their access tokens stop working when they expire (within the hour).`];
}

async function listStaff(cognito: CommandSender, poolId: string): Promise<string[]> {
  const lines: string[] = [];
  for (const group of [STAFF_GROUP, READ_ONLY_GROUP]) {
    let next: string | undefined;
    do {
      const page = (await cognito.send(
        new ListUsersInGroupCommand({ UserPoolId: poolId, GroupName: group, NextToken: next }),
      )) as { Users?: UserType[]; NextToken?: string };
      for (const user of page.Users ?? [])
        lines.push(
          `${user.Username}\t${group}\t${user.UserStatus ?? ''}${user.Enabled === false ? ' (disabled)' : ''}`,
        );
      next = page.NextToken;
    } while (next);
  }
  return lines.length > 0 ? lines : ['No staff yet: npm run staff -- add you@shop.example --shop <shopId>'];
}

/** The error's name (the SDK's service exceptions and credential errors carry one). */
export function nameOf(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/** What went wrong, in words a merchant can act on. */
export function messageOf(error: unknown): string {
  if (error instanceof StaffUsageError) return `${error.message}\n${STAFF_USAGE}`;
  if (error instanceof StaffError) return error.message;
  const name = nameOf(error);
  if (name === 'CredentialsProviderError')
    return 'No AWS credentials: set AWS_PROFILE (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY) as for npm run deploy.';
  if (error instanceof Error && /Region is missing/i.test(error.message))
    return 'No AWS region: set AWS_REGION to the region the stack was deployed in.';
  if (name === 'AccessDeniedException' || name === 'AccessDenied' || name === 'NotAuthorizedException')
    return `Not allowed: these credentials may not manage the pool (${(error as Error).message}).`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
