import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { DATA_DIR } from './env.ts';

/** Undoes quoted-printable soft line breaks and escapes so that links are whole again. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Mails to `recipient`, newest first, decoded. */
function mailsTo(recipient: string): string[] {
  const dir = path.join(DATA_DIR, 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .sort()
    .reverse()
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .filter((mail) => new RegExp(`^To:.*${recipient.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail))
    .map(decodeQuotedPrintable);
}

/** What a mailed link looks like, per route of the panel; the first group is its path (and query). */
const mailedLinks = {
  'verify-email': /https?:\/\/[^\s/]+(\/verify-email\/[\w-]+)/,
  'reset-password': /https?:\/\/[^\s/]+(\/reset-password\/[\w-]+)/,
  /** A guest's ticket: its number and the access key (API.md: guest tickets). */
  support: /https?:\/\/[^\s/]+(\/support\/\d{6}\?c=[\w-]+)/,
} as const;

/** The path of the newest link to `route` mailed to `recipient` (waits for the mail to arrive). */
export async function mailedLink(recipient: string, route: keyof typeof mailedLinks): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        for (const mail of mailsTo(recipient)) {
          const match = mail.match(mailedLinks[route]);
          if (match?.[1]) {
            link = match[1];
            break;
          }
        }
        return link;
      },
      { message: `a ${route} link mailed to ${recipient}`, timeout: 20_000 },
    )
    .not.toBe('');
  return link;
}

/**
 * The newest 2FA code mailed to `recipient` that is not in `seen` (waits for it): the account
 * pages mail one for the e-mail method.
 */
export async function mailedTwoFactorCode(recipient: string, seen: readonly string[] = []): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        for (const mail of mailsTo(recipient)) {
          const match = mail.match(/Your Rackdesk 2FA code is (\d{6})/);
          if (match?.[1] && !seen.includes(match[1])) {
            code = match[1];
            break;
          }
        }
        return code;
      },
      { message: `a 2FA code mailed to ${recipient}`, timeout: 20_000 },
    )
    .not.toBe('');
  return code;
}
