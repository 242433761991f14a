import type { ClientMeta } from '../../http/client-meta.ts';
import { toNewYorkDateTime } from '../../lib/dates.ts';
import { summariseUserAgent } from '../account/user-agent-summary.ts';
import { authMails } from '../mail/templates.ts';
import type { MailMessage } from '../mail/mailer.ts';

/** The mail that tells a login its password was just changed, and from where. */
export function passwordChangeNotice(to: string, via: 'account' | 'reset', meta: ClientMeta): MailMessage {
  const { browser, os } = summariseUserAgent(meta.userAgent);
  return authMails.passwordChanged(to, {
    via,
    at: toNewYorkDateTime(new Date()),
    ip: meta.ip,
    client: `${browser} on ${os}`,
  });
}
