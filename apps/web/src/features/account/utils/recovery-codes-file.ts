import { TwoFactorText } from '@rackdesk/contract';

/** The name the downloaded recovery codes are saved under. */
export const RECOVERY_CODES_FILE_NAME = 'rackdesk-recovery-codes.txt';

/**
 * The text of the downloaded recovery codes: whose account they sign in to and when they were
 * made (a newer set voids this one), the notice, then one code per line.
 */
export function recoveryCodesFileText(codes: readonly string[], email: string, createdAt: Date): string {
  return [
    `Rackdesk recovery codes for ${email}`,
    `Created ${createdAt.toISOString().slice(0, 10)}; a newer set replaces these.`,
    '',
    TwoFactorText.recoveryCodesNotice,
    '',
    ...codes,
    '',
  ].join('\n');
}
