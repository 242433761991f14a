/**
 * Support tickets' texts, limits and statuses (portal spec §2 Support, §3 Ticket / Department /
 * Reply / New ticket, §4, §5 Ticket, §6, §8 Tickets, §9), without zod, so pages that only show
 * tickets carry no schema code.
 */

/** Statuses of a ticket: Open (new or customer replied), Awaiting Reply (staff answered), Closed. */
export const ticketStatuses = ['Open', 'Awaiting Reply', 'Closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const ticketPriorities = ['Low', 'Medium', 'High'] as const;
export type TicketPriority = (typeof ticketPriorities)[number];
/** §9: a new ticket's priority unless chosen. */
export const DEFAULT_TICKET_PRIORITY: TicketPriority = 'Low';

/** §6, §9: a guest's ticket always goes to Sales. */
export const GUEST_DEPARTMENT_ID = 2;

/** §9: the ticket thread asks for new replies this often (live events come sooner). */
export const TICKET_POLL_MS = 25_000;
/** §9: subjects longer than this are cut with an ellipsis in the ticket list. */
export const TICKET_SUBJECT_DISPLAY_MAX = 61;

/** Longest subject and message the API stores. */
export const TICKET_SUBJECT_MAX = 255;
export const TICKET_MESSAGE_MAX = 20_000;
export const TICKET_NAME_MAX = 100;

/** Attachments: images only, checked by content; at most this many per message, each this large. */
export const TICKET_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type TicketImageType = (typeof TICKET_IMAGE_TYPES)[number];
export const TICKET_IMAGES_MAX = 5;
export const TICKET_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** What the file picker offers (the server still checks each file's content). */
export const TICKET_IMAGE_ACCEPT = TICKET_IMAGE_TYPES.join(',');

/**
 * Generated attachment names: 32 lower-case hex characters and the detected type's extension.
 * Nothing of the uploaded file's own name is kept in a path.
 */
export const TICKET_IMAGE_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/** Access keys mailed to a guest for their ticket (`?c=`): 43 base64url characters (32 bytes). */
export const GUEST_ACCESS_KEY = /^[A-Za-z0-9_-]{43}$/;

export const SupportText = {
  // §8 Tickets
  listFailed: 'Failed to load support tickets. Please try refreshing the page.',
  notFound: 'Ticket Not Found',
  notAuthorized: 'Not authorized to view this ticket',
  replyFailed: 'There was an error sending your reply',
  createFailed: 'An error occured while creating the ticket.',
  // §5 Ticket
  captchaRequired: 'Please complete the captcha',
  nameRequired: 'The name field is required.',
  subjectRequired: 'The subject field is required.',
  subjectTooLong: `The subject may not be greater than ${TICKET_SUBJECT_MAX} characters.`,
  messageRequired: 'The message field is required.',
  messageTooLong: `The message may not be greater than ${TICKET_MESSAGE_MAX} characters.`,
  departmentInvalid: 'Please choose a department.',
  priorityInvalid: 'The priority must be Low, Medium or High.',
  serviceInvalid: 'The selected service does not belong to this account.',
  // Attachments
  guestsCannotAttach: 'Guests cannot attach images.',
  tooManyImages: `At most ${TICKET_IMAGES_MAX} images can be attached to one message.`,
  imageTooLarge: 'Each image may be at most 5 MB.',
  notAnImage: 'Only PNG, JPEG, GIF and WebP images can be attached.',
  imageNotFound: 'Image not found.',
  // Outcomes
  created: 'Your ticket has been opened.',
  replied: 'Your reply has been sent.',
  closed: 'The ticket has been closed.',
  statusInvalid: 'The status must be Open, Awaiting Reply or Closed.',
  operatorOnly: 'This is only available to support staff.',
} as const;

/** §4: status tag colours (Closed red, Open green, Awaiting Reply yellow). */
export const ticketStatusColor: Record<TicketStatus, 'green' | 'yellow' | 'red'> = {
  Open: 'green',
  'Awaiting Reply': 'yellow',
  Closed: 'red',
};
