import type { ClientMeta } from '../../http/client-meta.ts';
import { accountIdOf, SecurityEventsRepository } from '../security-events/security-events.repository.ts';
import {
  ErrorCode,
  ErrorText,
  EventName,
  type LoginResponse,
  type SessionResponse,
  TOKEN_TTL_SECONDS,
  type User,
} from '@rackdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthContext, SessionAuth } from '../../http/policy.ts';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limiter.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { randomDigits, randomToken, sha256 } from '../../lib/tokens.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import type { EventBus } from '../events/event-bus.ts';
import { deliverMail, sendNotice } from '../mail/deliver.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { authMails } from '../mail/templates.ts';
import { toUserDto } from '../users/users.mapper.ts';
import { type NewUser, UsersRepository } from '../users/users.repository.ts';
import { authLimits, longestAuthWindowSeconds } from './auth.limits.ts';
import { OneTimeTokensRepository } from './one-time-tokens.repository.ts';
import { SessionsRepository } from './sessions.repository.ts';
import { passwordChangeNotice } from './password-change-notice.ts';
import { storeNewPassword } from './store-new-password.ts';
import type { TwoFactorService } from '../two-factor/two-factor.service.ts';

/** Where a request comes from; rate limits and session records use it. */

export interface RegisterInput extends Omit<NewUser, 'passwordHash' | 'id'> {
  password: string;
  captchaToken: string;
}

export interface AuthServiceDeps {
  /** Overrides the default sign-in attempts per address (config LOGIN_LIMIT_PER_ADDRESS). */
  loginLimitPerAddress?: number;
  /** Overrides the default registrations per address (config REGISTER_LIMIT_PER_ADDRESS). */
  registerLimitPerAddress?: number;
  database: Database;
  rateLimiter: RateLimiter;
  captcha: CaptchaService;
  mailer: Mailer;
  events: EventBus;
  /** Checks the sign-in's code step (the method's codes and the recovery codes). */
  twoFactor: TwoFactorService;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Sign-in, sign-up, sessions, password reset and e-mail verification. */
export class AuthService {
  private readonly users: UsersRepository;
  private readonly sessions: SessionsRepository;
  private readonly tokens: OneTimeTokensRepository;

  constructor(private readonly deps: AuthServiceDeps) {
    this.users = new UsersRepository(deps.database.db);
    this.sessions = new SessionsRepository(deps.database.db);
    this.tokens = new OneTimeTokensRepository(deps.database.db);
  }

  /** Resolves a bearer token to its session, or null when unknown, expired or revoked. */
  async authenticate(token: string): Promise<AuthContext | null> {
    const found = await this.sessions.findCallerByTokenHash(sha256(token));
    if (!found) return null;
    const { sessionId, lastUsedAt, login } = found;
    const account = login.parentId === null ? login : found.owner;
    if (!account) return null;
    // Recording the last use costs a write: do it at most once a minute per session.
    if (Date.now() - lastUsedAt.getTime() > 60_000) await this.sessions.touch(sessionId);
    return {
      credential: { kind: 'session', id: sessionId },
      login,
      account,
      isSubAccount: login.parentId !== null,
    };
  }

  currentUser(auth: AuthContext): User {
    return toUserDto(auth.account, auth.login);
  }

  async login(
    input: { email: string; password2: string; token?: string | undefined },
    meta: ClientMeta,
  ): Promise<LoginResponse> {
    const pairKey = `login:pair:${input.email}:${meta.ip}`;
    const accountKey = `login:account:${input.email}`;
    await this.limit(`login:ip:${meta.ip}`, {
      ...authLimits.loginPerAddress,
      limit: this.deps.loginLimitPerAddress ?? authLimits.loginPerAddress.limit,
    });
    await this.refuseIfBlocked(pairKey, authLimits.loginFailuresPerAccountAndAddress);
    await this.refuseIfBlocked(accountKey, authLimits.loginFailuresPerAccount);

    const user = await this.users.findByEmail(input.email);
    const passwordOk = user
      ? await verifyPassword(user.passwordHash, input.password2)
      : await burnPasswordCheck(input.password2).then(() => false);
    if (!user || !passwordOk) {
      await this.countFailure(pairKey, accountKey);
      // Only a known login's failures: an unknown address has no log to show them in.
      if (user) await this.recordFailedSignIn(user, 'password', meta);
      throw new AppError(401, ErrorText.invalidCredentials, {
        errors: { email: [ErrorText.invalidCredentials] },
      });
    }
    const account = user.parentId === null ? user : await this.users.findById(user.parentId);
    if (!account || user.closedAt || account.closedAt) {
      throw AppError.forbidden(ErrorText.accountClosed, ErrorCode.accountClosed);
    }

    if (user.twoFactorMethod !== 'none') {
      if (!input.token) return this.startSecondFactor(user);
      const codeOk = await this.deps.twoFactor.checkSignInCode(user, input.token);
      if (!codeOk) {
        await this.countFailure(pairKey, accountKey);
        await this.recordFailedSignIn(user, 'two_factor_code', meta);
        throw new AppError(401, ErrorText.invalidTwoFactor, {
          errors: { token: [ErrorText.invalidTwoFactor] },
        });
      }
    }
    await this.deps.rateLimiter.reset(pairKey);
    return this.openSession(user, account, meta, { two_factor: user.twoFactorMethod });
  }

  private recordFailedSignIn(login: UserRow, failed: 'password' | 'two_factor_code', meta: ClientMeta) {
    return new SecurityEventsRepository(this.deps.database.db).record(
      { accountId: accountIdOf(login), loginId: login.id, kind: 'sign_in_failed', detail: { failed } },
      meta,
    );
  }

  async register(input: RegisterInput, meta: ClientMeta): Promise<SessionResponse> {
    await this.limit(`register:ip:${meta.ip}`, {
      ...authLimits.registerPerAddress,
      limit: this.deps.registerLimitPerAddress ?? authLimits.registerPerAddress.limit,
    });
    await this.deps.captcha.verify(input.captchaToken);
    const { password, captchaToken: _captcha, ...profile } = input;
    const user = await this.users.createIfEmailFree({
      ...profile,
      email: input.email.toLowerCase(),
      passwordHash: await hashPassword(password),
    });
    if (!user) throw AppError.invalid('email', 'The email has already been taken.');
    await this.sendVerificationMail(user);
    return this.openSession(user, user, meta);
  }

  /** Ends the calling session (an API token is deleted on the account page, not signed out). */
  async logout(auth: SessionAuth): Promise<void> {
    await this.sessions.revoke(auth.credential.id);
  }

  async requestPasswordReset(email: string, meta: ClientMeta): Promise<void> {
    await this.limit(`reset:ip:${meta.ip}`, authLimits.resetRequestPerAddress);
    await this.limit(`reset:email:${email}`, authLimits.resetRequestPerEmail);
    const user = await this.users.findByEmail(email);
    // An unknown address gets the same answer as a known one: the form reveals no accounts.
    if (!user) return;
    this.refuseResetFor(user, await this.accountOf(user));
    const token = randomToken();
    await this.tokens.replace(user.id, 'password_reset', sha256(token), TOKEN_TTL_SECONDS.passwordReset);
    await this.deliver(authMails.resetPassword(user.email, `${this.deps.publicUrl}/reset-password/${token}`));
  }

  async resetPassword(token: string, password: string, meta: ClientMeta): Promise<void> {
    await this.limit(`reset-token:ip:${meta.ip}`, authLimits.resetByTokenPerAddress);
    const tokenHash = sha256(token);
    const changed = await this.deps.database.db.transaction(async (tx) => {
      const tokens = new OneTimeTokensRepository(tx);
      const users = new UsersRepository(tx);
      const userId = await tokens.consume('password_reset', tokenHash);
      const user = userId === undefined ? undefined : await users.findById(userId);
      if (!user) throw AppError.invalid('token', ErrorText.invalidResetToken);
      this.refuseResetFor(user, user.parentId === null ? user : await users.findById(user.parentId));
      await storeNewPassword(tx, user.id, await hashPassword(password));
      await new SecurityEventsRepository(tx).record(
        {
          accountId: accountIdOf(user),
          loginId: user.id,
          kind: 'password_changed',
          detail: { via: 'reset' },
        },
        meta,
      );
      return user;
    });
    await sendNotice(this.deps.mailer, this.deps.log, passwordChangeNotice(changed.email, 'reset', meta));
  }

  async sendVerification(auth: AuthContext): Promise<'sent' | 'already_verified'> {
    if (auth.account.emailVerifiedAt) return 'already_verified';
    await this.limit(`verify-send:${auth.account.id}`, authLimits.verificationSendPerAccount);
    await this.sendVerificationMail(auth.account, { throwOnFailure: true });
    return 'sent';
  }

  async verifyEmail(token: string, meta: ClientMeta): Promise<void> {
    await this.limit(`verify:ip:${meta.ip}`, authLimits.verifyPerAddress);
    const userId = await this.tokens.consume('email_verification', sha256(token));
    if (userId === undefined) throw AppError.invalid('token', ErrorText.invalidVerifyToken);
    await this.users.markEmailVerified(userId);
    await this.deps.events.publish(userId, EventName.emailVerified, { email_verified: true });
  }

  /** A new session; a sign-in (`signIn`: how it was proved) writes it in the security log too. */
  private async openSession(
    login: UserRow,
    account: UserRow,
    meta: ClientMeta,
    signIn?: { two_factor: string },
  ): Promise<SessionResponse> {
    const token = randomToken();
    await this.deps.database.db.transaction(async (tx) => {
      await new SessionsRepository(tx).create({
        userId: login.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS.session * 1000),
        userAgent: meta.userAgent.slice(0, 500),
        ipAddress: meta.ip,
      });
      if (signIn) {
        await new SecurityEventsRepository(tx).record(
          { accountId: account.id, loginId: login.id, kind: 'sign_in', detail: signIn },
          meta,
        );
      }
    });
    return { token, user: toUserDto(account, login) };
  }

  /**
   * Deletes what sign-in no longer needs: ended sessions, expired one-time tokens and rate-limit
   * windows older than the longest auth limit (a new hit would start them afresh anyway).
   */
  async deleteExpired(): Promise<{ sessions: number; oneTimeTokens: number; rateLimitWindows: number }> {
    return {
      sessions: await this.sessions.deleteEnded(),
      oneTimeTokens: await this.tokens.deleteExpired(),
      rateLimitWindows: await this.deps.rateLimiter.prune(longestAuthWindowSeconds),
    };
  }

  private async startSecondFactor(user: UserRow): Promise<LoginResponse> {
    if (user.twoFactorMethod === 'email') {
      const code = randomDigits(6);
      await this.tokens.replace(user.id, 'login_code', sha256(code), TOKEN_TTL_SECONDS.emailLoginCode);
      await this.deliver(authMails.loginCode(user.email, code));
      return {
        requires_2fa: true,
        method: 'email',
        message: 'Enter the 6-digit code we sent to your e-mail address.',
      };
    }
    return {
      requires_2fa: true,
      method: 'google_authenticator',
      message: 'Enter the 6-digit code from your authenticator app.',
    };
  }

  private refuseResetFor(user: UserRow, account: UserRow | undefined) {
    if (user.parentId !== null) {
      throw AppError.forbidden(ErrorText.subAccountReset, ErrorCode.subAccountResetNotAllowed);
    }
    if (user.closedAt || !account || account.closedAt) {
      throw AppError.forbidden(ErrorText.accountClosed, ErrorCode.accountClosed);
    }
  }

  private async accountOf(user: UserRow) {
    return user.parentId === null ? user : this.users.findById(user.parentId);
  }

  private async sendVerificationMail(user: UserRow, options: { throwOnFailure?: boolean } = {}) {
    const token = randomToken();
    await this.tokens.replace(
      user.id,
      'email_verification',
      sha256(token),
      TOKEN_TTL_SECONDS.emailVerification,
    );
    try {
      await this.deliver(authMails.verifyEmail(user.email, `${this.deps.publicUrl}/verify-email/${token}`));
    } catch (error) {
      if (options.throwOnFailure) throw error;
    }
  }

  private deliver(message: MailMessage) {
    return deliverMail(this.deps.mailer, this.deps.log, message);
  }

  private limit(key: string, rule: RateLimitRule) {
    return this.deps.rateLimiter.enforce(key, rule);
  }

  private refuseIfBlocked(key: string, rule: RateLimitRule) {
    return this.deps.rateLimiter.refuseWhileBlocked(key, rule);
  }

  private async countFailure(pairKey: string, accountKey: string) {
    await this.deps.rateLimiter.hit(pairKey, authLimits.loginFailuresPerAccountAndAddress);
    await this.deps.rateLimiter.hit(accountKey, authLimits.loginFailuresPerAccount);
  }
}
