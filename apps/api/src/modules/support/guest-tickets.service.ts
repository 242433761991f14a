import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  GUEST_ACCESS_KEY,
  GUEST_DEPARTMENT_ID,
  type GuestCreateTicketResponse,
  SupportText,
  type TicketDetail,
  type TicketPriority,
} from '@rackdesk/contract';
import { AppError } from '../../http/errors.ts';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limiter.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import { queueSupportMail } from './support-mail.ts';
import type { TicketThreads, TicketWithDept } from './ticket-threads.ts';

/** `PUT guest/support` after the contract's schema. */
export interface GuestTicketInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  priority: TicketPriority;
  captchaToken: string;
}

/** Tickets a guest opens from one address; the captcha is the main guard, this bounds a solver. */
export const guestOpenPerAddress: RateLimitRule = { limit: 20, windowSeconds: 3600 };
/** Wrong or missing access keys (and unknown tids) from one address before it must wait. */
export const guestKeyFailuresPerAddress: RateLimitRule = { limit: 20, windowSeconds: 900 };

const hashKey = (key: string) => createHash('sha256').update(key).digest();

/**
 * Tickets of guests (portal spec §6, §9; API.md): opened with a captcha in the Sales department,
 * then read, answered and closed with the tid and the access key mailed to the guest. Only the
 * key's SHA-256 is compared (in constant time); a sealed copy lets staff answers mail the link
 * again. A guest call never opens an account's ticket: those have no key. Failed keys are counted
 * per address in the database, so guessing is slow on every instance alike; an unknown tid is
 * refused in the same words as a wrong key.
 */
export class GuestTicketsService {
  constructor(
    private readonly deps: {
      threads: TicketThreads;
      captcha: CaptchaService;
      rateLimiter: RateLimiter;
      jobs: JobQueue;
      secrets: SecretBox;
    },
  ) {}

  async open(input: GuestTicketInput, ip: string): Promise<GuestCreateTicketResponse> {
    await this.deps.rateLimiter.enforce(`guest-ticket:ip:${ip}`, guestOpenPerAddress);
    await this.deps.captcha.verify(input.captchaToken);
    const key = randomBytes(32).toString('base64url');
    const ticket = await this.deps.threads.open(
      {
        ownerId: null,
        departmentId: GUEST_DEPARTMENT_ID,
        serviceId: null,
        subject: input.subject,
        priority: input.priority,
        accessKeyHash: hashKey(key).toString('hex'),
        accessKeySealed: this.deps.secrets.seal(key),
      },
      { userId: null, staffUserId: null, name: input.name, email: input.email, admin: '' },
      input.message,
      [],
    );
    await queueSupportMail(this.deps.jobs, { kind: 'guest-ticket-opened', tid: ticket.tid });
    return { result: 'success', tid: ticket.tid, message: SupportText.created, c: key };
  }

  async ticket(tid: string, key: string | undefined, ip: string): Promise<TicketDetail> {
    return this.deps.threads.detail(await this.unlock(tid, key, ip), false);
  }

  /** A guest's reply (text only): the ticket is Open again. */
  async reply(tid: string, key: string | undefined, message: string, ip: string): Promise<void> {
    const { ticket } = await this.unlock(tid, key, ip);
    const author = { userId: null, staffUserId: null, name: ticket.name, email: ticket.email, admin: '' };
    await this.deps.threads.reply(ticket, author, message, [], 'Open');
  }

  async close(tid: string, key: string | undefined, ip: string): Promise<void> {
    const { ticket } = await this.unlock(tid, key, ip);
    await this.deps.threads.setStatus(ticket, 'Closed');
  }

  private async unlock(tid: string, key: string | undefined, ip: string): Promise<TicketWithDept> {
    const limitKey = `guest-ticket-key:ip:${ip}`;
    await this.deps.rateLimiter.refuseWhileBlocked(limitKey, guestKeyFailuresPerAddress);
    const found = await this.deps.threads.find(tid);
    const expected = found?.ticket.accessKeyHash;
    const matches =
      key !== undefined &&
      GUEST_ACCESS_KEY.test(key) &&
      expected !== null &&
      expected !== undefined &&
      timingSafeEqual(hashKey(key), Buffer.from(expected, 'hex'));
    if (found && matches) return found;
    await this.deps.rateLimiter.hit(limitKey, guestKeyFailuresPerAddress);
    // An unknown tid answers like a wrong key (API.md: a tid alone reveals nothing), so guessing
    // numbers does not even tell which tickets exist.
    throw AppError.forbidden(SupportText.notAuthorized);
  }
}
