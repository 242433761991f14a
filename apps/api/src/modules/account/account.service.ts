import { AccountText, type UserEditRequest, type UserEditResponse } from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import { toUserDto } from '../users/users.mapper.ts';
import { UsersRepository } from '../users/users.repository.ts';
import { readProfile } from './profile.ts';

export interface AccountServiceDeps {
  database: Database;
}

/** The account page's own rules (portal spec §2 Account, §5, §7 Account): the account details. */
export class AccountService {
  private readonly users: UsersRepository;

  constructor(private readonly deps: AccountServiceDeps) {
    this.users = new UsersRepository(deps.database.db);
  }

  /** `PUT user/edit` on the owner's details; the server decides `user_details_ok` from what it stores. */
  async editDetails(auth: AuthContext, input: UserEditRequest): Promise<UserEditResponse> {
    const reading = readProfile(input);
    if (!reading.ok) throw AppError.invalid(reading.field, reading.message);
    await this.users.update(auth.account.id, reading.values);
    const account = (await this.users.findById(auth.account.id))!;
    const user = toUserDto(account);
    return { message: AccountText.detailsSaved, user_details_ok: user.user_details_ok, user };
  }
}
