import type { RateLimitRule } from '../../http/rate-limiter.ts';

/**
 * Limits of the authentication endpoints. Counting per address and per (account, address) means
 * an attacker elsewhere cannot lock a user out; the wide per-account cap only slows a guess
 * spread over many addresses.
 */
export const authLimits = {
  loginPerAddress: { limit: 30, windowSeconds: 15 * 60 },
  loginFailuresPerAccountAndAddress: { limit: 5, windowSeconds: 15 * 60 },
  loginFailuresPerAccount: { limit: 50, windowSeconds: 60 * 60 },
  registerPerAddress: { limit: 10, windowSeconds: 60 * 60 },
  resetRequestPerAddress: { limit: 10, windowSeconds: 15 * 60 },
  resetRequestPerEmail: { limit: 3, windowSeconds: 15 * 60 },
  resetByTokenPerAddress: { limit: 20, windowSeconds: 15 * 60 },
  verificationSendPerAccount: { limit: 5, windowSeconds: 60 * 60 },
  verifyPerAddress: { limit: 30, windowSeconds: 15 * 60 },
  /** Wrong current passwords on the account page (password change, closing), per signed-in login. */
  currentPasswordFailuresPerLogin: { limit: 5, windowSeconds: 15 * 60 },
  /** Wrong 2FA codes on the account page (method changes, confirmations, password, closing). */
  twoFactorCodeFailuresPerLogin: { limit: 5, windowSeconds: 15 * 60 },
  /** E-mailed 2FA codes (choosing the e-mail method, resends, codes for a change), per login. */
  twoFactorMailsPerLogin: { limit: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

export const longestAuthWindowSeconds = Math.max(
  ...Object.values(authLimits).map((rule) => rule.windowSeconds),
);
