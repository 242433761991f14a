import type { ClientMeta } from '../../http/client-meta.ts';
import { SecurityEventsRepository } from '../security-events/security-events.repository.ts';
import {
  TOKEN_TTL_SECONDS,
  type TwoFactorChangeRequest,
  type TwoFactorChangeResponse,
  type TwoFactorConfirmResponse,
  type TwoFactorMethod,
  type TwoFactorStatusResponse,
  TwoFactorText,
} from '@rackdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limiter.ts';
import { randomDigits, sha256 } from '../../lib/tokens.ts';
import { authLimits } from '../auth/auth.limits.ts';
import { OneTimeTokensRepository } from '../auth/one-time-tokens.repository.ts';
import { deliverMail, sendNotice } from '../mail/deliver.ts';
import type { Mailer } from '../mail/mailer.ts';
import { authMails } from '../mail/templates.ts';
import { UsersRepository } from '../users/users.repository.ts';
import { generateRecoveryCodes, isRecoveryCode, recoveryCodeHash } from './recovery-codes.ts';
import { RecoveryCodesRepository } from './recovery-codes.repository.ts';
import { checkTotp, newTotpSecret, totpUri } from './totp.ts';

export interface TwoFactorServiceDeps {
  database: Database;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

type ActiveMethod = Exclude<TwoFactorMethod, 'none'>;

/**
 * Two-factor authentication of one login (portal spec §3 "2FA method", §4, §8): owners and
 * sub-accounts each have their own, as they sign in separately. A new method is pending until a
 * code of it confirms it; leaving a method needs a code of it (or a recovery code). Codes are
 * single-use: an authenticator's time step once, whatever asked for it (sign-in, a change, the
 * password), an e-mailed code once; wrong codes are counted per login.
 */
export class TwoFactorService {
  private readonly users: UsersRepository;
  private readonly tokens: OneTimeTokensRepository;
  private readonly recoveryCodes: RecoveryCodesRepository;

  constructor(private readonly deps: TwoFactorServiceDeps) {
    this.users = new UsersRepository(deps.database.db);
    this.tokens = new OneTimeTokensRepository(deps.database.db);
    this.recoveryCodes = new RecoveryCodesRepository(deps.database.db);
  }

  async status(login: UserRow): Promise<TwoFactorStatusResponse> {
    return {
      method: login.twoFactorMethod,
      pending_method: pendingMethod(login),
      recovery_codes_left:
        login.twoFactorMethod === 'none' ? 0 : await this.recoveryCodes.countUnused(login.id),
    };
  }

  /** `POST 2fa`: turns 2FA off at once, or sets a new method pending until its code confirms it. */
  async change(
    login: UserRow,
    request: TwoFactorChangeRequest,
    meta: ClientMeta,
  ): Promise<TwoFactorChangeResponse> {
    if (request.method === login.twoFactorMethod) throw AppError.invalid('method', TwoFactorText.sameMethod);
    if (login.twoFactorMethod !== 'none') {
      if (!request.current_code) throw AppError.invalid('current_code', TwoFactorText.currentCodeRequired);
      await this.verifyCode(login, request.current_code, 'current_code', { recoveryCode: true });
    }
    if (request.method === 'none') {
      await this.deps.database.db.transaction(async (tx) => {
        await new UsersRepository(tx).update(login.id, {
          twoFactorMethod: 'none',
          totpSecret: null,
          totpLastStep: null,
          ...noPendingChoice,
        });
        await new RecoveryCodesRepository(tx).deleteAll(login.id);
        await new SecurityEventsRepository(tx).recordBy(
          login,
          'two_factor_changed',
          { from: login.twoFactorMethod, to: 'none' },
          meta,
        );
      });
      return { message: TwoFactorText.disabled };
    }
    if (request.method === 'google_authenticator') {
      const secret = newTotpSecret();
      await this.users.update(login.id, pendingChoice('google_authenticator', secret));
      return {
        message: TwoFactorText.scanQrCode,
        qr_code: await QRCode.toDataURL(totpUri(secret, login.email)),
        secret,
      };
    }
    await this.mailCode(login);
    await this.users.update(login.id, pendingChoice('email', null));
    return { message: TwoFactorText.emailCodeSent };
  }

  /**
   * `POST 2fa/confirm`: the pending method's code makes it the method. Turning 2FA on from none
   * answers a new set of recovery codes, shown this once; a change of method keeps the set.
   */
  async confirm(login: UserRow, code: string, meta: ClientMeta): Promise<TwoFactorConfirmResponse> {
    const method = pendingMethod(login);
    if (!method) throw AppError.invalid('code', TwoFactorText.noPendingChange);
    await this.refuseWhileBlocked(login);
    const totpStep =
      method === 'google_authenticator' && login.pendingTotpSecret
        ? await checkTotp(login.pendingTotpSecret, code)
        : null;
    const codeOk =
      method === 'email'
        ? await this.isMethodCode(login, 'email', code, 'two_factor_code')
        : totpStep !== null;
    if (!codeOk) await this.refuseCode(login, 'code');

    const recoveryCodes = login.twoFactorMethod === 'none' ? generateRecoveryCodes() : undefined;
    const confirmed = await this.deps.database.db.transaction(async (tx) => {
      if (!(await new UsersRepository(tx).confirmPendingTwoFactor(login.id, method, totpStep, new Date()))) {
        return false;
      }
      if (recoveryCodes) await this.storeRecoveryCodes(new RecoveryCodesRepository(tx), login, recoveryCodes);
      await new SecurityEventsRepository(tx).recordBy(
        login,
        'two_factor_changed',
        { from: login.twoFactorMethod, to: method },
        meta,
      );
      return true;
    });
    // Another request confirmed or replaced the choice in the meantime.
    if (!confirmed) throw AppError.invalid('code', TwoFactorText.noPendingChange);
    await this.deps.rateLimiter.reset(codeFailuresKey(login));
    return {
      message: TwoFactorText.enabled,
      method,
      ...(recoveryCodes && { recovery_codes: recoveryCodes }),
    };
  }

  /**
   * `POST 2fa/email-code`: a code for the e-mail method, to prove it before a change (of method,
   * of the password, closing), or a fresh one for a pending e-mail choice, which then waits anew.
   */
  async sendEmailCode(login: UserRow): Promise<void> {
    const forPendingChoice = pendingMethod(login) === 'email';
    if (login.twoFactorMethod !== 'email' && !forPendingChoice) {
      throw new AppError(409, TwoFactorText.emailCodeNotUsed);
    }
    await this.mailCode(login);
    if (forPendingChoice) await this.users.update(login.id, pendingChoice('email', null));
  }

  /** `POST 2fa/recovery-codes`: a new set replaces the old one, after a code of the current method. */
  async regenerateRecoveryCodes(login: UserRow, code: string, meta: ClientMeta): Promise<string[]> {
    if (login.twoFactorMethod === 'none') throw new AppError(409, TwoFactorText.notEnabled);
    await this.verifyCode(login, code, 'code');
    const codes = generateRecoveryCodes();
    await this.deps.database.db.transaction(async (tx) => {
      await this.storeRecoveryCodes(new RecoveryCodesRepository(tx), login, codes);
      await new SecurityEventsRepository(tx).recordBy(
        login,
        'two_factor_changed',
        { recovery_codes: 'replaced' },
        meta,
      );
    });
    return codes;
  }

  /**
   * What the account page asks before a sensitive change when 2FA is on: a valid code of the
   * login's current method, in `field`; with `recoveryCode`, one of its recovery codes will do.
   * Refuses with 422 on the field (the page stays signed in), and with 429 after too many
   * wrong codes. Nothing is asked when 2FA is off.
   */
  async verifyCode(
    login: UserRow,
    code: string | undefined,
    field: string,
    options: { recoveryCode?: boolean } = {},
  ): Promise<void> {
    if (login.twoFactorMethod === 'none') return;
    if (!code) throw AppError.invalid(field, TwoFactorText.codeRequired);
    await this.refuseWhileBlocked(login);
    const codeOk =
      options.recoveryCode && isRecoveryCode(code)
        ? await this.redeemRecoveryCode(login, code)
        : await this.isMethodCode(login, login.twoFactorMethod, code, 'two_factor_code');
    if (!codeOk) await this.refuseCode(login, field);
    await this.deps.rateLimiter.reset(codeFailuresKey(login));
  }

  /**
   * The sign-in's code step: a code of the login's method (the authenticator's, or the one
   * mailed at sign-in) or one of its recovery codes. The sign-in counts the failures.
   */
  async checkSignInCode(login: UserRow, code: string): Promise<boolean> {
    if (login.twoFactorMethod === 'none') return false;
    if (isRecoveryCode(code)) return this.redeemRecoveryCode(login, code);
    return this.isMethodCode(login, login.twoFactorMethod, code, 'login_code');
  }

  private async isMethodCode(
    login: UserRow,
    method: ActiveMethod,
    code: string,
    mailedAs: 'login_code' | 'two_factor_code',
  ): Promise<boolean> {
    if (method === 'email')
      return (await this.tokens.consume(mailedAs, sha256(code), login.id)) !== undefined;
    if (!login.totpSecret) return false;
    const step = await checkTotp(login.totpSecret, code, login.totpLastStep ?? undefined);
    return step !== null && (await this.users.claimTotpStep(login.id, step));
  }

  /** Uses up a recovery code and tells the account by mail, with how many are left. */
  private async redeemRecoveryCode(login: UserRow, code: string): Promise<boolean> {
    if (!(await this.recoveryCodes.redeem(login.id, recoveryCodeHash(login.id, code)))) return false;
    const left = await this.recoveryCodes.countUnused(login.id);
    // The notice must not cost the person the sign-in it reports.
    await sendNotice(this.deps.mailer, this.deps.log, authMails.recoveryCodeUsed(login.email, left));
    return true;
  }

  private async storeRecoveryCodes(repository: RecoveryCodesRepository, login: UserRow, codes: string[]) {
    await repository.replaceAll(
      login.id,
      codes.map((code) => recoveryCodeHash(login.id, code)),
    );
  }

  /** Mails a new e-mail 2FA code; it replaces any older one. */
  private async mailCode(login: UserRow) {
    await this.deps.rateLimiter.enforce(`2fa-mail:${login.id}`, authLimits.twoFactorMailsPerLogin);
    const code = randomDigits(6);
    await this.tokens.replace(login.id, 'two_factor_code', sha256(code), TOKEN_TTL_SECONDS.twoFactorChange);
    await deliverMail(this.deps.mailer, this.deps.log, authMails.twoFactorCode(login.email, code));
  }

  private refuseWhileBlocked(login: UserRow) {
    return this.deps.rateLimiter.refuseWhileBlocked(
      codeFailuresKey(login),
      authLimits.twoFactorCodeFailuresPerLogin,
    );
  }

  private async refuseCode(login: UserRow, field: string): Promise<never> {
    await this.deps.rateLimiter.hit(codeFailuresKey(login), authLimits.twoFactorCodeFailuresPerLogin);
    throw AppError.invalid(field, TwoFactorText.invalidCode);
  }
}

const codeFailuresKey = (login: UserRow) => `2fa-code:${login.id}`;

/** The login's pending 2FA choice, unless it has lapsed. */
function pendingMethod(login: UserRow): ActiveMethod | null {
  const method = login.pendingTwoFactorMethod;
  if (!method || method === 'none' || !login.pendingTwoFactorExpiresAt) return null;
  return login.pendingTwoFactorExpiresAt > new Date() ? method : null;
}

function pendingChoice(method: ActiveMethod, totpSecret: string | null) {
  return {
    pendingTwoFactorMethod: method,
    pendingTotpSecret: totpSecret,
    pendingTwoFactorExpiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS.twoFactorChange * 1000),
  };
}

const noPendingChoice = {
  pendingTwoFactorMethod: null,
  pendingTotpSecret: null,
  pendingTwoFactorExpiresAt: null,
} as const;
