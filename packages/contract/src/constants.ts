/** Business constants of the spec (servers §9, portal §9), shared by server and client. */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 255;
export const TWO_FACTOR_CODE_LENGTH = 6;
/** How many single-use recovery codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code: ten characters in two groups of five, from an alphabet without look-alikes. */
export const RECOVERY_CODE_PATTERN = /^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The invoice list's own sizes (portal spec §9). */
export const INVOICE_PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_INVOICE_PAGE_SIZE = 5;
/** Delay before an invoice reloads after a credit change (portal spec §4, §9). */
export const INVOICE_RELOAD_MS = 1500;

/** Toast auto-close times in milliseconds. */
export const TOAST_MS = {
  default: 7000,
  power: 5000,
  template: 5000,
  cancellation: 3000,
  vpsReboot: 2000,
} as const;

/** Delay before /register sends the new user on, after a successful sign-up. */
export const REGISTER_REDIRECT_MS = 3000;

/** Lifetimes of one-time secrets, in seconds. */
export const TOKEN_TTL_SECONDS = {
  session: 60 * 60 * 24 * 30,
  passwordReset: 60 * 60,
  emailVerification: 60 * 60 * 24 * 2,
  emailLoginCode: 60 * 10,
  /** A 2FA method chosen and not confirmed yet, and the e-mailed code of the 2FA settings. */
  twoFactorChange: 60 * 10,
  captcha: 60 * 10,
} as const;

/** Timezone in which ticket times are given (spec: New York time). */
export const TICKET_TIMEZONE = 'America/New_York';
