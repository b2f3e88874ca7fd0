import { describe, expect, it } from 'vitest';
import { READ_ONLY_GROUP, STAFF_GROUP } from '../../functions/auth/add-shop-claim';
import { parseStaffArgs, StaffUsageError } from '../../infra/staff/staff-args';
import { type CommandSender, messageOf, runStaff, StaffError } from '../../infra/staff/staff-commands';

/**
 * `npm run staff` (docs/deploy.md "The merchant console") against stub AWS clients: it cannot reach
 * AWS here. Each stub records the commands sent (SDK command class and input) and answers by class.
 */

type Sent = { command: string; input: Record<string, unknown> };

/** An SDK-shaped error, as the SDK's service exceptions are. */
function awsError(name: string, message = name): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

function stubClient(
  answers: Record<string, (input: Record<string, unknown>) => unknown>,
  sent: Sent[],
): CommandSender {
  return {
    async send(command: object) {
      const name = command.constructor.name;
      const input = (command as { input: Record<string, unknown> }).input;
      sent.push({ command: name, input });
      const answer = answers[name];
      if (!answer) return {};
      return answer(input);
    },
  };
}

const STACK_WITH_POOL = {
  DescribeStacksCommand: () => ({
    Stacks: [{ Outputs: [{ OutputKey: 'UserPoolId', OutputValue: 'eu-central-1_Abc123' }] }],
  }),
};

function clients(
  cognitoAnswers: Record<string, (input: Record<string, unknown>) => unknown> = {},
  stack = STACK_WITH_POOL,
) {
  const sent: Sent[] = [];
  const regions: string[] = [];
  const cognito = stubClient(cognitoAnswers, sent);
  return {
    sent,
    regions,
    clients: {
      cloudFormation: stubClient(stack, sent),
      cognito: (region: string) => {
        regions.push(region);
        return cognito;
      },
    },
  };
}

describe('npm run staff: the command line', () => {
  it('reads add, remove and list', () => {
    // Assess
    expect(parseStaffArgs(['add', 'You@Shop.Example', '--shop', 'myshop'])).toEqual({
      command: 'add',
      email: 'you@shop.example',
      shop: 'myshop',
      readOnly: false,
      stack: undefined,
    });
    expect(
      parseStaffArgs(['add', 'a@b.de', '--shop', 'myshop', '--read-only', '--stack', 'Mine']),
    ).toMatchObject({
      readOnly: true,
      stack: 'Mine',
    });
    expect(parseStaffArgs(['remove', 'a@b.de', '--shop', 'my_shop'])).toEqual({
      command: 'remove',
      email: 'a@b.de',
      shop: 'my_shop',
      stack: undefined,
    });
    expect(parseStaffArgs(['list', '--shop', 'myshop'])).toEqual({
      command: 'list',
      shop: 'myshop',
      stack: undefined,
    });
  });

  it('refuses what it cannot do, saying what to type', () => {
    const cases: [string[], RegExp][] = [
      [['add', 'a@b.de'], /--shop is required/],
      [['add', '--shop', 'myshop'], /needs the staff member's e-mail/],
      [['add', 'not-an-address', '--shop', 'myshop'], /not an e-mail address/],
      [['add', 'a@b.de', 'c@d.de', '--shop', 'myshop'], /One e-mail address at a time/],
      [['invite', 'a@b.de', '--shop', 'myshop'], /Unknown command "invite"/],
      [['add', 'a@b.de', '--shop', 'my shop'], /Bad --shop/],
      [['add', 'a@b.de', '--shop', 'myshop', '--admin'], /Unknown option/],
      [['remove', 'a@b.de', '--shop', 'myshop', '--read-only'], /--read-only belongs to add/],
      [['list', 'a@b.de', '--shop', 'myshop'], /list takes no e-mail/],
    ];
    for (const [argv, message] of cases) {
      // Assess
      expect(() => parseStaffArgs(argv), argv.join(' ')).toThrow(StaffUsageError);
      expect(() => parseStaffArgs(argv), argv.join(' ')).toThrow(message);
    }
  });
});

describe('npm run staff: the calls', () => {
  it('add: finds the pool from the stack, invites by e-mail, puts the user into staff and out of staff-readonly', async () => {
    // Prepare
    const { sent, regions, clients: c } = clients();

    // Act
    const lines = await runStaff(parseStaffArgs(['add', 'you@shop.example', '--shop', 'my_shop']), c);

    // Assess
    expect(sent).toEqual([
      { command: 'DescribeStacksCommand', input: { StackName: 'ShopApi-my-shop' } },
      {
        command: 'AdminCreateUserCommand',
        input: {
          UserPoolId: 'eu-central-1_Abc123',
          Username: 'you@shop.example',
          UserAttributes: [
            { Name: 'email', Value: 'you@shop.example' },
            { Name: 'email_verified', Value: 'true' },
          ],
          DesiredDeliveryMediums: ['EMAIL'],
        },
      },
      {
        command: 'AdminAddUserToGroupCommand',
        input: { UserPoolId: 'eu-central-1_Abc123', Username: 'you@shop.example', GroupName: STAFF_GROUP },
      },
      {
        command: 'AdminRemoveUserFromGroupCommand',
        input: {
          UserPoolId: 'eu-central-1_Abc123',
          Username: 'you@shop.example',
          GroupName: READ_ONLY_GROUP,
        },
      },
    ]);
    expect(regions).toEqual(['eu-central-1']);
    expect(lines.join('\n')).toMatch(/Invited you@shop.example.*\n.*group staff: every scope/);
  });

  it('add --read-only of an existing user: no second invitation, moved to staff-readonly', async () => {
    // Prepare
    const { sent, clients: c } = clients({
      AdminCreateUserCommand: () => {
        throw awsError('UsernameExistsException', 'User account already exists');
      },
    });

    // Act
    const lines = await runStaff(
      parseStaffArgs(['add', 'you@shop.example', '--shop', 'myshop', '--read-only']),
      c,
    );

    // Assess
    expect(sent.map((s) => [s.command, s.input.GroupName])).toEqual([
      ['DescribeStacksCommand', undefined],
      ['AdminCreateUserCommand', undefined],
      ['AdminAddUserToGroupCommand', READ_ONLY_GROUP],
      ['AdminRemoveUserFromGroupCommand', STAFF_GROUP],
    ]);
    expect(lines).toEqual([
      'you@shop.example is already a user (no new invitation; remove, then add, sends one).',
      'you@shop.example is in group staff-readonly: the read scopes only.',
    ]);
  });

  it('remove deletes the user; list pages through both groups', async () => {
    // Prepare
    const { sent, clients: c } = clients({
      ListUsersInGroupCommand: (input) =>
        input.GroupName === STAFF_GROUP && !input.NextToken
          ? { Users: [{ Username: 'a@b.de', UserStatus: 'CONFIRMED' }], NextToken: 'p2' }
          : input.GroupName === STAFF_GROUP
            ? { Users: [{ Username: 'c@d.de', UserStatus: 'FORCE_CHANGE_PASSWORD', Enabled: false }] }
            : { Users: [{ Username: 'e@f.de', UserStatus: 'CONFIRMED' }] },
    });

    // Act
    const removed = await runStaff(parseStaffArgs(['remove', 'a@b.de', '--shop', 'myshop']), c);
    const listed = await runStaff(parseStaffArgs(['list', '--shop', 'myshop']), c);

    // Assess
    expect(sent[1]).toEqual({
      command: 'AdminDeleteUserCommand',
      input: { UserPoolId: 'eu-central-1_Abc123', Username: 'a@b.de' },
    });
    expect(removed[0]).toMatch(/Removed a@b.de/);
    expect(listed).toEqual([
      'a@b.de\tstaff\tCONFIRMED',
      'c@d.de\tstaff\tFORCE_CHANGE_PASSWORD (disabled)',
      'e@f.de\tstaff-readonly\tCONFIRMED',
    ]);
  });

  it('says clearly when there is no stack, no pool, no such user or no group yet', async () => {
    // Prepare
    const noStack = clients(
      {},
      {
        DescribeStacksCommand: () => {
          throw awsError('ValidationError', 'Stack with id ShopApi-myshop does not exist');
        },
      },
    );
    const external = clients({}, { DescribeStacksCommand: () => ({ Stacks: [{ Outputs: [] }] }) });
    const unknownUser = clients({
      AdminDeleteUserCommand: () => {
        throw awsError('UserNotFoundException');
      },
    });
    const oldStack = clients({
      AdminAddUserToGroupCommand: () => {
        throw awsError('ResourceNotFoundException', 'Group not found.');
      },
    });
    const add = parseStaffArgs(['add', 'a@b.de', '--shop', 'myshop']);

    // Act + Assess
    await expect(runStaff(add, noStack.clients)).rejects.toThrow(/No stack ShopApi-myshop .*AWS_REGION/);
    await expect(runStaff(add, external.clients)).rejects.toThrow(/no user pool: .*external issuer/);
    await expect(
      runStaff(parseStaffArgs(['remove', 'a@b.de', '--shop', 'myshop']), unknownUser.clients),
    ).rejects.toThrow(StaffError);
    await expect(runStaff(add, oldStack.clients)).rejects.toThrow(/no group staff: deploy the stack/);
  });

  it('turns missing credentials, a missing region and a refusal into words', () => {
    // Assess
    expect(
      messageOf(awsError('CredentialsProviderError', 'Could not load credentials from any providers')),
    ).toMatch(/^No AWS credentials: set AWS_PROFILE/);
    expect(messageOf(new Error('Region is missing'))).toMatch(/^No AWS region: set AWS_REGION/);
    expect(messageOf(awsError('AccessDeniedException', 'not authorized'))).toMatch(/^Not allowed/);
    expect(messageOf(new StaffUsageError('No command'))).toMatch(/^No command\nusage: npm run staff/);
  });
});
