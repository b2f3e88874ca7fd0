import { parseArgs } from 'node:util';

/** What `npm run staff -- ...` was asked to do, checked. */
export type StaffRequest =
  | { command: 'add'; email: string; shop: string; readOnly: boolean; stack: string | undefined }
  | { command: 'remove'; email: string; shop: string; stack: string | undefined }
  | { command: 'list'; shop: string; stack: string | undefined };

export const STAFF_USAGE = `usage: npm run staff -- add <e-mail> --shop <shopId> [--read-only]
       npm run staff -- remove <e-mail> --shop <shopId>
       npm run staff -- list --shop <shopId>
  add        invites a staff member: Cognito e-mails a temporary password and the console's URL
  remove     deletes the staff member (their tokens stop working within the hour)
  list       the shop's staff and their groups
  --shop     the shop id the stack was deployed with (stack ShopApi-<shopId>)
  --read-only  the staff-readonly group (the read scopes) instead of staff (every scope)
  --stack    the stack's name, when it is not ShopApi-<shopId>
AWS credentials and region as for \`npm run deploy\` (AWS_PROFILE, AWS_REGION, ...).`;

/** A mistake in the command line; the message says what to type. */
export class StaffUsageError extends Error {
  override name = 'StaffUsageError';
}

/** Reads the command line (`argv` without node and the script). */
export function parseStaffArgs(argv: readonly string[]): StaffRequest {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new StaffUsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, email, ...extra] = positionals;
  const shop = values.shop;
  if (!shop) throw new StaffUsageError('--shop is required: the shop id the stack was deployed with');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(shop))
    throw new StaffUsageError(`Bad --shop "${shop}": letters, digits, - or _ expected`);
  const stack = values.stack;
  if (command === 'list') {
    if (email !== undefined) throw new StaffUsageError('list takes no e-mail address');
    if (values['read-only']) throw new StaffUsageError('--read-only belongs to add');
    return { command, shop, stack };
  }
  if (command !== 'add' && command !== 'remove')
    throw new StaffUsageError(command ? `Unknown command "${command}": add, remove or list` : 'No command');
  if (email === undefined) throw new StaffUsageError(`${command} needs the staff member's e-mail address`);
  if (extra.length > 0)
    throw new StaffUsageError(`One e-mail address at a time (also got ${extra.join(' ')})`);
  // Cognito's user name is the address as typed; lower case keeps one person one user.
  const address = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address))
    throw new StaffUsageError(`"${email}" is not an e-mail address`);
  if (command === 'remove') {
    if (values['read-only']) throw new StaffUsageError('--read-only belongs to add');
    return { command, email: address, shop, stack };
  }
  return { command, email: address, shop, readOnly: values['read-only'] ?? false, stack };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      shop: { type: 'string' },
      stack: { type: 'string' },
      'read-only': { type: 'boolean' },
    },
    strict: true,
    allowPositionals: true,
  });
}
