import type { FastifyBaseLogger } from 'fastify';
import {
  AccountText,
  type ChangePasswordRequest,
  type CloseAccountRequest,
  type UserEditRequest,
  type UserEditResponse,
} from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import type { ClientMeta } from '../../http/client-meta.ts';
import { SecurityEventsRepository } from '../security-events/security-events.repository.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthContext, SessionAuth } from '../../http/policy.ts';
import type { RateLimiter } from '../../http/rate-limiter.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { authLimits } from '../auth/auth.limits.ts';
import { passwordChangeNotice } from '../auth/password-change-notice.ts';
import { storeNewPassword } from '../auth/store-new-password.ts';
import { sendNotice } from '../mail/deliver.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { TwoFactorService } from '../two-factor/two-factor.service.ts';
import { toUserDto } from '../users/users.mapper.ts';
import { UsersRepository } from '../users/users.repository.ts';
import { AccountClosureRepository } from './account-closure.repository.ts';
import { readProfile } from './profile.ts';

export interface AccountServiceDeps {
  database: Database;
  rateLimiter: RateLimiter;
  /** Asks for the 2FA code before the password is changed or the account closed. */
  twoFactor: TwoFactorService;
  /** Tells the login its password was changed. */
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * The account page's own rules (portal spec §2 Account, §5, §7 Account): the owner's details,
 * the caller's password and closing the account. Whoever changes a password or closes the
 * account proves it again: the current password (wrong ones counted per login), and a 2FA code
 * when 2FA is on.
 */
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

  /**
   * `POST user/change-password`: the caller's own password (an owner's or a sub-account's). Every
   * other session of that login ends and its mailed links and codes are voided; this session stays.
   */
  async changePassword(auth: SessionAuth, input: ChangePasswordRequest, meta: ClientMeta): Promise<void> {
    await this.checkPassword(auth.login, input.current_password, 'current_password');
    await this.deps.twoFactor.verifyCode(auth.login, input.two_factor_code, 'two_factor_code');
    const passwordHash = await hashPassword(input.new_password);
    await this.deps.database.db.transaction(async (tx) => {
      await storeNewPassword(tx, auth.login.id, passwordHash, auth.credential.id);
      await new SecurityEventsRepository(tx).record(
        {
          accountId: auth.account.id,
          loginId: auth.login.id,
          kind: 'password_changed',
          detail: { via: 'account' },
        },
        meta,
      );
    });
    await sendNotice(
      this.deps.mailer,
      this.deps.log,
      passwordChangeNotice(auth.login.email, 'account', meta),
    );
  }

  /**
   * `POST user/close` (the owner): the account is closed, every session of the owner and its
   * sub-accounts ends and the API tokens are revoked. Services and invoices stay, and sign-in
   * answers `account_closed` from then on.
   */
  async close(auth: SessionAuth, input: CloseAccountRequest): Promise<void> {
    await this.checkPassword(auth.login, input.password, 'password');
    await this.deps.twoFactor.verifyCode(auth.login, input.two_factor_code, 'two_factor_code');
    await this.deps.database.db.transaction(async (tx) => {
      const closure = new AccountClosureRepository(tx);
      await closure.markClosed(auth.account.id);
      await closure.revokeSessions(auth.account.id);
      await closure.revokeApiTokens(auth.account.id);
    });
  }

  /** The login's current password, in `field`; wrong ones are counted so they cannot be guessed. */
  private async checkPassword(login: UserRow, password: string, field: string): Promise<void> {
    const key = `current-password:${login.id}`;
    const rule = authLimits.currentPasswordFailuresPerLogin;
    await this.deps.rateLimiter.refuseWhileBlocked(key, rule);
    if (!(await verifyPassword(login.passwordHash, password))) {
      await this.deps.rateLimiter.hit(key, rule);
      throw AppError.invalid(field, AccountText.currentPasswordWrong);
    }
    await this.deps.rateLimiter.reset(key);
  }
}
