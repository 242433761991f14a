import { TICKET_IMAGE_NAME, type TicketReply } from '@rackdesk/contract';

/**
 * The thread oldest first. Ticket times are New York wall-clock strings of one fixed format, so
 * they sort as text; messages of the same second keep the order they were written in (replyid).
 */
export function threadOldestFirst(replies: readonly TicketReply[]): TicketReply[] {
  return [...replies].sort((a, b) => (a.date === b.date ? a.replyid - b.replyid : a.date < b.date ? -1 : 1));
}

/** A message of the company: written by a staff member, whose name is in `admin`. */
export const isStaffReply = (reply: Pick<TicketReply, 'admin'>) => reply.admin.trim() !== '';

/** Who wrote a message, as the thread names them. */
export const authorOf = (reply: Pick<TicketReply, 'admin' | 'name'>) =>
  isStaffReply(reply) ? reply.admin : reply.name || 'You';

/**
 * The images of a message ('name|name', '' for none). Only names of the generated shape are
 * kept, so nothing else is ever put into an image address.
 */
export function attachedImages(attachment: string): string[] {
  return attachment.split('|').filter((name) => TICKET_IMAGE_NAME.test(name));
}
