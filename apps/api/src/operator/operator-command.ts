import type { DbOrTx } from '../db/client.ts';
import { UsersRepository } from '../modules/users/users.repository.ts';

export const operatorUsage = 'Usage: npm run operator -- add EMAIL | remove EMAIL';

export interface CommandResult {
  /** The process's exit code: 0 done, 1 refused (unknown e-mail…), 2 wrong usage. */
  code: number;
  message: string;
}

/**
 * `npm run operator -- add EMAIL` gives an existing account the operator role (support staff, who
 * may call the operator API); `remove EMAIL` takes it back. A sub-account cannot be staff: the
 * role belongs to a person's own account.
 */
export async function runOperatorCommand(db: DbOrTx, args: readonly string[]): Promise<CommandResult> {
  const [action, email, ...rest] = args;
  if ((action !== 'add' && action !== 'remove') || !email || rest.length > 0) {
    return { code: 2, message: operatorUsage };
  }
  const users = new UsersRepository(db);
  const user = await users.findByEmail(email);
  if (!user) return { code: 1, message: `No account has the e-mail address ${email}.` };
  if (user.parentId !== null) {
    return {
      code: 1,
      message: `${user.email} is a sub-account; only an account of its own can be support staff.`,
    };
  }
  const role = action === 'add' ? 'operator' : 'customer';
  if (user.role === role) {
    return {
      code: 0,
      message: `${user.email} ${role === 'operator' ? 'is already' : 'is not'} support staff; nothing changed.`,
    };
  }
  await users.setRole(user.email, role);
  return {
    code: 0,
    message:
      role === 'operator'
        ? `${user.email} is now support staff (the operator role).`
        : `${user.email} is no longer support staff.`,
  };
}
