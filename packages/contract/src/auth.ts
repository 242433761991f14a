import { z } from 'zod';
import { singleLineText } from './input.ts';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RECOVERY_CODE_PATTERN,
  TWO_FACTOR_CODE_LENGTH,
} from './constants.ts';
import { userSchema } from './user.ts';

export const requiredEmail = (field = 'email') =>
  z
    .string({ error: `The ${field} field is required.` })
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(255, `The ${field} may not be greater than 255 characters.`)
    .pipe(z.email(`The ${field} must be a valid email address.`))
    .transform((value) => value.toLowerCase());

export const newPassword = (message: string) =>
  z
    .string({ error: 'The password field is required.' })
    .min(1, 'The password field is required.')
    .min(PASSWORD_MIN_LENGTH, message)
    .max(PASSWORD_MAX_LENGTH, `The password may not be greater than ${PASSWORD_MAX_LENGTH} characters.`);

export const twoFactorCodeSchema = z
  // A missing or non-text code is told the same rule as a wrong one, not zod's type wording.
  .string({ error: 'The code must be exactly 6 digits.' })
  .trim()
  .regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`), 'The code must be exactly 6 digits.');

/**
 * The login's code step: the 6-digit code of the account's 2FA method, or one of its recovery
 * codes (any letter case; kept in lower case).
 */
export const loginCodeSchema = z
  .string({ error: 'The code must be exactly 6 digits, or a recovery code.' })
  .trim()
  .toLowerCase()
  .refine(
    (code) => new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`).test(code) || RECOVERY_CODE_PATTERN.test(code),
    'The code must be exactly 6 digits, or a recovery code.',
  );

export const loginRequestSchema = z.object({
  email: requiredEmail(),
  password2: z
    .string({ error: 'The password field is required.' })
    .min(1, 'The password field is required.')
    .max(PASSWORD_MAX_LENGTH),
  /** Step 2: the 6-digit second-factor code, or a recovery code. */
  token: loginCodeSchema.optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const sessionResponseSchema = z.object({ token: z.string(), user: userSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const twoFactorRequiredSchema = z.object({
  requires_2fa: z.literal(true),
  method: z.enum(['google_authenticator', 'email']),
  message: z.string(),
});
export const loginResponseSchema = z.union([sessionResponseSchema, twoFactorRequiredSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

const optionalText = (max: number) => singleLineText().trim().max(max).optional();

export const registerRequestSchema = z
  .object({
    email: requiredEmail(),
    password: newPassword(`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`),
    password_confirmation: z.string({ error: 'Passwords do not match' }),
    captchaToken: z
      .string({ error: 'Please complete the captcha' })
      .min(1, 'Please complete the captcha')
      .max(20_000),
    firstname: optionalText(100),
    lastname: optionalText(100),
    companyname: optionalText(200),
    phonenumber: optionalText(40),
    address1: optionalText(200),
    address2: optionalText(200),
    city: optionalText(100),
    state: optionalText(100),
    postcode: optionalText(20),
    country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, 'The country must be a two-letter code.')
      .optional(),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'Passwords do not match',
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const resetRequestSchema = z.object({ email: requiredEmail() });
export const resetPasswordSchema = z
  .object({
    password: newPassword('Password must be at least 8 characters.'),
    /** The spec's reset call sends only `password`; a confirmation, when sent, must match. */
    password_confirmation: z.string().optional(),
  })
  .refine(
    (body) => body.password_confirmation === undefined || body.password === body.password_confirmation,
    {
      path: ['password_confirmation'],
      message: 'Passwords must match.',
    },
  );
export const resetTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const verifyEmailSchema = z.object({
  token: z.string({ error: 'Invalid or missing token' }).trim().min(1, 'Invalid or missing token').max(200),
});

export const messageResponseSchema = z.object({ message: z.string() });

/** `GET captcha/challenge`: an ALTCHA proof-of-work challenge, for the widget as it is. */
export const captchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional().describe('Epoch seconds'),
    data: z.record(z.string(), z.unknown()).optional(),
  }),
  signature: z.string().optional(),
});

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
