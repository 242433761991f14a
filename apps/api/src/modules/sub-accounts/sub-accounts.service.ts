import {
  ErrorCode,
  type SubAccount,
  type subAccountCreateRequestSchema,
  SubAccountText,
  type subAccountUpdateRequestSchema,
} from '@rackdesk/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { ClientMeta } from '../../http/client-meta.ts';
import { SecurityEventsRepository } from '../security-events/security-events.repository.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { SessionsRepository } from '../auth/sessions.repository.ts';
import { ServicesRepository } from '../services/services.repository.ts';
import { toSubAccount } from './sub-accounts.mapper.ts';
import { type SubAccountValues, SubAccountsRepository } from './sub-accounts.repository.ts';

type CreateRequest = z.output<typeof subAccountCreateRequestSchema>;
type UpdateRequest = z.output<typeof subAccountUpdateRequestSchema>;

/**
 * Sub-accounts (portal spec §3, §5, §6, §9): logins of an owner's account with chosen
 * permissions and, optionally, a whitelist of the owner's services. They are rows of users with
 * `parentId`; authentication reads the row on every request, so a change applies from the
 * sub-account's next request. Who may manage them (the owner, signed in) is decided by the routes.
 */
export class SubAccountsService {
  constructor(private readonly database: Database) {}

  async list(auth: AuthContext): Promise<SubAccount[]> {
    const rows = await new SubAccountsRepository(this.database.db).listByOwner(auth.account.id);
    return rows.map(toSubAccount);
  }

  async create(auth: AuthContext, request: CreateRequest, meta: ClientMeta): Promise<SubAccount> {
    if (!auth.account.emailVerifiedAt) {
      throw AppError.forbidden(SubAccountText.verifiedEmailRequired, ErrorCode.emailUnverified);
    }
    const values = await this.valuesOf(auth, request);
    const passwordHash = await hashPassword(request.password);
    return this.database.db.transaction(async (tx) => {
      const row = await new SubAccountsRepository(tx).create(auth.account.id, { ...values, passwordHash });
      if (row === 'email_taken') throw AppError.invalid('email', SubAccountText.emailTaken);
      await new SecurityEventsRepository(tx).recordBy(
        auth.login,
        'sub_account_changed',
        { sub_account_id: row.id, change: 'created', email: row.email },
        meta,
      );
      return toSubAccount(row);
    });
  }

  /**
   * A new password ends the sub-account's sessions, as a reset would: the owner may be locking
   * out whoever knew the old one.
   */
  async update(auth: AuthContext, id: number, request: UpdateRequest, meta: ClientMeta): Promise<SubAccount> {
    const values = await this.valuesOf(auth, request);
    const passwordHash = request.password === undefined ? undefined : await hashPassword(request.password);
    return this.database.db.transaction(async (tx) => {
      const row = await new SubAccountsRepository(tx).update(auth.account.id, id, {
        ...values,
        ...(passwordHash && { passwordHash }),
      });
      if (!row) throw AppError.notFound(SubAccountText.notFound);
      if (row === 'email_taken') throw AppError.invalid('email', SubAccountText.emailTaken);
      if (passwordHash) await new SessionsRepository(tx).revokeAllForUser(row.id);
      await new SecurityEventsRepository(tx).recordBy(
        auth.login,
        'sub_account_changed',
        {
          sub_account_id: row.id,
          change: 'updated',
          email: row.email,
          password_changed: Boolean(passwordHash),
        },
        meta,
      );
      return toSubAccount(row);
    });
  }

  /** Deletes the sub-account; its sessions go with its row, so they end at once. */
  async remove(auth: AuthContext, id: number, meta: ClientMeta): Promise<void> {
    await this.database.db.transaction(async (tx) => {
      if (!(await new SubAccountsRepository(tx).delete(auth.account.id, id))) {
        throw AppError.notFound(SubAccountText.notFound);
      }
      await new SecurityEventsRepository(tx).recordBy(
        auth.login,
        'sub_account_changed',
        { sub_account_id: id, change: 'deleted' },
        meta,
      );
    });
  }

  /** The stored values of a request, once its whitelist is known to hold only the owner's services. */
  private async valuesOf(
    auth: AuthContext,
    request: CreateRequest | UpdateRequest,
  ): Promise<Omit<SubAccountValues, 'passwordHash'>> {
    const whitelist = request.service_whitelist === null ? null : [...new Set(request.service_whitelist)];
    if (whitelist) {
      const owned = await new ServicesRepository(this.database.db).idsOfAccount(auth.account.id, whitelist);
      if (owned.length !== whitelist.length) {
        throw AppError.invalid('service_whitelist', SubAccountText.unknownService);
      }
    }
    return {
      email: request.email,
      firstname: request.firstname,
      lastname: request.lastname,
      companyname: request.companyname,
      permissions: request.permissions,
      serviceWhitelist: whitelist,
      emailNotifications: request.email_notifications,
    };
  }
}
