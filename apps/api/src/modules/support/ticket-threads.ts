import { randomInt } from 'node:crypto';
import {
  SupportText,
  type TicketDetail,
  type TicketPriority,
  type TicketReply,
  type TicketStatus,
  type TicketSummary,
} from '@rackdesk/contract';
import type { Database, Tx } from '../../db/client.ts';
import type { TicketAttachment, TicketReplyRow, TicketRow } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { toNewYorkDateTime } from '../../lib/dates.ts';
import { type AttachmentStore, attachmentKey } from './attachments/attachment-store.ts';
import type { TicketImage } from './attachments/ticket-form.ts';
import { SupportRepository } from './support.repository.ts';

/** A ticket with its department's name, as the repository reads it. */
export interface TicketWithDept {
  ticket: TicketRow;
  deptname: string;
}

/** Who writes a message: a customer or sub-account (userId), a guest (neither), or staff. */
export interface ReplyAuthor {
  userId: number | null;
  staffUserId: number | null;
  name: string;
  email: string;
  /** The staff member's name; '' for customers and guests. */
  admin: string;
}

export interface NewTicketFacts {
  ownerId: number | null;
  departmentId: number;
  serviceId: number | null;
  subject: string;
  priority: TicketPriority;
  accessKeyHash?: string;
  accessKeySealed?: string;
}

const TID_ATTEMPTS = 20;

/** Six random digits: the number customers quote. Random, so one tid tells nothing of others. */
const drawTid = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * The writes and views every kind of caller shares (customers, guests, staff): a ticket with its
 * opening message, a reply with its images and the status it leads to, and the thread as the
 * contract shows it. Who may do what is decided by the callers (support, guest and operator
 * services) before they come here.
 */
export class TicketThreads {
  private readonly support: SupportRepository;

  constructor(
    private readonly database: Database,
    private readonly store: AttachmentStore,
  ) {
    this.support = new SupportRepository(database.db);
  }

  /** Opens a ticket with its opening message; retries the tid on the rare collision. */
  async open(
    facts: NewTicketFacts,
    author: ReplyAuthor,
    message: string,
    images: readonly TicketImage[],
  ): Promise<TicketRow> {
    for (let attempt = 0; attempt < TID_ATTEMPTS; attempt++) {
      const ticket = await this.inTransaction(async (support, stored) => {
        const now = new Date();
        const row = await support.insertTicket({
          tid: drawTid(),
          userId: facts.ownerId,
          departmentId: facts.departmentId,
          serviceId: facts.serviceId,
          name: author.name,
          email: author.email,
          subject: facts.subject,
          priority: facts.priority,
          status: 'Open',
          createdAt: now,
          lastReplyAt: now,
          accessKeyHash: facts.accessKeyHash ?? null,
          accessKeySealed: facts.accessKeySealed ?? null,
        });
        if (!row) return undefined;
        await this.writeReply(support, stored, row.id, author, message, images, now);
        return row;
      });
      if (ticket) return ticket;
    }
    throw new Error('No free ticket number was found');
  }

  /** Adds a message and moves the ticket to `status`, with its last reply now. */
  async reply(
    ticket: TicketRow,
    author: ReplyAuthor,
    message: string,
    images: readonly TicketImage[],
    status: TicketStatus,
  ): Promise<TicketReplyRow> {
    return this.inTransaction(async (support, stored) => {
      await support.lockTicket(ticket.id);
      const now = new Date();
      const reply = await this.writeReply(support, stored, ticket.id, author, message, images, now);
      await support.updateTicket(ticket.id, { status, lastReplyAt: now });
      return reply;
    });
  }

  async setStatus(ticket: TicketRow, status: TicketStatus): Promise<void> {
    await this.support.updateTicket(ticket.id, { status });
  }

  async find(tid: string): Promise<TicketWithDept | undefined> {
    return this.support.findTicketByTid(tid);
  }

  /** The bytes of one image of a reply of this ticket: 404 'Image not found.' when there is none. */
  async image(ticket: TicketRow, replyId: number, name: string) {
    const reply = await this.support.findReply(ticket.id, replyId);
    const attachment = reply?.attachments.find((a) => a.name === name);
    const bytes = attachment && (await this.store.get(attachmentKey(ticket.id, attachment.name)));
    if (!attachment || !bytes) throw AppError.notFound(SupportText.imageNotFound);
    return { contentType: attachment.contentType, bytes };
  }

  /** The ticket with its thread, oldest message first. */
  async detail({ ticket, deptname }: TicketWithDept, canAttach: boolean): Promise<TicketDetail> {
    const replies = await this.support.listReplies(ticket.id);
    return {
      ...summaryOf({ ticket, deptname }),
      name: ticket.name,
      email: ticket.email,
      serviceid: ticket.serviceId,
      can_attach: canAttach,
      replies: { reply: replies.map(replyOf) },
    };
  }

  /**
   * Runs `work` in a transaction and keeps the images it stored only if the transaction commits:
   * when storing an image or anything after it fails, the images stored so far are deleted and
   * the reply rolls back with them, so no reply ever names an image that is not there.
   */
  private async inTransaction<T>(work: (support: SupportRepository, stored: string[]) => Promise<T>) {
    const stored: string[] = [];
    try {
      return await this.database.db.transaction((tx: Tx) => work(new SupportRepository(tx), stored));
    } catch (error) {
      await Promise.allSettled(stored.map((key) => this.store.delete(key)));
      throw error;
    }
  }

  private async writeReply(
    support: SupportRepository,
    stored: string[],
    ticketId: number,
    author: ReplyAuthor,
    message: string,
    images: readonly TicketImage[],
    now: Date,
  ): Promise<TicketReplyRow> {
    // Each image already has its generated name (readTicketForm): nothing of the upload's own.
    const attachments: TicketAttachment[] = images.map(({ name, contentType, size }) => ({
      name,
      contentType,
      size,
    }));
    const reply = await support.insertReply({ ticketId, ...author, message, attachments, createdAt: now });
    for (const image of images) {
      const key = attachmentKey(ticketId, image.name);
      stored.push(key);
      await this.store.put(key, image.bytes, image.contentType);
    }
    return reply;
  }
}

export function summaryOf({ ticket: t, deptname }: TicketWithDept): TicketSummary {
  return {
    id: t.id,
    tid: t.tid,
    deptid: t.departmentId,
    deptname,
    subject: t.subject,
    status: t.status,
    priority: t.priority,
    date: toNewYorkDateTime(t.createdAt),
    lastreply: toNewYorkDateTime(t.lastReplyAt),
  };
}

function replyOf(reply: TicketReplyRow): TicketReply {
  return {
    replyid: reply.id,
    userid: reply.userId ?? 0,
    name: reply.name,
    email: reply.email,
    admin: reply.admin,
    date: toNewYorkDateTime(reply.createdAt),
    message: reply.message,
    attachment: reply.attachments.map((a) => a.name).join('|'),
  };
}
