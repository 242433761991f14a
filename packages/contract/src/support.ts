import { z } from 'zod';
import { requiredEmail } from './auth.ts';
import { hasControlCharacters, idNumber, INPUT_TEXT, singleLineText } from './input.ts';
import { flagParam, pageFieldsSchema, pagingParams, sortParams } from './list-query.ts';
import { ticketSortColumns } from './lists.ts';
import {
  GUEST_ACCESS_KEY,
  SupportText,
  TICKET_MESSAGE_MAX,
  TICKET_NAME_MAX,
  TICKET_SUBJECT_MAX,
  ticketPriorities,
  ticketStatuses,
} from './support-rules.ts';

export * from './support-rules.ts';

/*
 * Support tickets (portal spec §3, §7 Support; API.md): `GET support`, `GET support/departments`,
 * `GET support/{tid}`, `PUT support`, `POST support/{tid}` (multipart: message, images[]),
 * `POST support/{tid}/close`, `GET support/{tid}/reply/{replyid}/image/{name}`; guests:
 * `PUT guest/support` (query string), `GET guest/support/{tid}?c={key}`,
 * `POST guest/support/{tid}?c={key}` (multipart, no images), `POST guest/support/{tid}/close?c=`;
 * staff (users with the operator role): `GET operator/support`, `GET operator/support/{tid}`,
 * `POST operator/support/{tid}/reply`, `POST operator/support/{tid}/status`.
 *
 * A ticket is named by its `tid` (six digits, random, the number customers quote) in every path;
 * the serial `id` never appears in a path.
 */

export const ticketSummarySchema = z.object({
  id: z.number().int(),
  tid: z.string(),
  deptid: z.number().int(),
  deptname: z.string(),
  subject: z.string(),
  status: z.enum(ticketStatuses),
  priority: z.enum(ticketPriorities),
  /** 'YYYY-MM-DD HH:mm:ss' in New York time, as the billing system gives ticket times. */
  date: z.string(),
  lastreply: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const departmentSchema = z.object({ id: z.number().int(), name: z.string() });
export type Department = z.infer<typeof departmentSchema>;
export const departmentListSchema = z.object({ department: z.array(departmentSchema) });

/**
 * `GET support`: every ticket of the account, most recently updated first, or one page of them.
 * `open_only=true` leaves out Closed tickets (the dashboard's card); `q` searches the subject.
 */
export const ticketListQuerySchema = z.object({
  ...pagingParams(),
  ...sortParams(ticketSortColumns),
  open_only: flagParam('open_only').optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

export const ticketListResponseSchema = pageFieldsSchema.partial().extend({
  tickets: z.object({
    totalresults: z.number().int(),
    tickets: z.object({ ticket: z.array(ticketSummarySchema) }),
  }),
  departments: departmentListSchema,
});
export type TicketListResponse = z.infer<typeof ticketListResponseSchema>;

/** `GET support/departments`: the departments a ticket can be opened in. */
export const departmentsResponseSchema = z.object({ departments: departmentListSchema });
export type DepartmentsResponse = z.infer<typeof departmentsResponseSchema>;

/**
 * One message of a thread; the opening message is the first reply. `userid` 0 and `admin` set
 * (the staff member's name) mean the company wrote it. `attachment` lists the generated image
 * names separated by '|' ('' when none), served by `GET support/{tid}/reply/{replyid}/image/{name}`.
 * `message` is plain text: clients show it as text, never as HTML.
 */
export const ticketReplySchema = z.object({
  replyid: z.number().int(),
  userid: z.number().int(),
  name: z.string(),
  email: z.string(),
  admin: z.string(),
  /** 'YYYY-MM-DD HH:mm:ss' in New York time. */
  date: z.string(),
  message: z.string(),
  attachment: z.string(),
});
export type TicketReply = z.infer<typeof ticketReplySchema>;

/** `GET support/{tid}`, `GET guest/support/{tid}`: the ticket with its thread, oldest first. */
export const ticketDetailSchema = ticketSummarySchema.extend({
  name: z.string(),
  email: z.string(),
  /** The service the ticket is about, or null. */
  serviceid: z.number().int().nullable(),
  /** Whether the caller may attach images (false for guests). */
  can_attach: z.boolean(),
  replies: z.object({ reply: z.array(ticketReplySchema) }),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** A multi-line text: control characters refused, line breaks kept. */
const messageText = z
  .string({ error: SupportText.messageRequired })
  .refine((text) => !hasControlCharacters(text), INPUT_TEXT.controlCharacters)
  .transform((text) => text.replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().min(1, SupportText.messageRequired).max(TICKET_MESSAGE_MAX, SupportText.messageTooLong));

const subjectText = singleLineText({ error: SupportText.subjectRequired })
  .trim()
  .min(1, SupportText.subjectRequired)
  .max(TICKET_SUBJECT_MAX, SupportText.subjectTooLong);

const priorityField = z.enum(ticketPriorities, { error: SupportText.priorityInvalid }).default('Low');

/**
 * `PUT support` (logged in, support permission): JSON, or multipart/form-data with the same
 * fields (numbers as digit strings there) and up to five `images[]` for the opening message.
 */
export const createTicketRequestSchema = z.strictObject({
  deptid: idNumber(SupportText.departmentInvalid),
  subject: subjectText,
  message: messageText,
  priority: priorityField,
  /** A service of the caller's (and in a sub-account's whitelist), or absent / null. */
  serviceid: idNumber(SupportText.serviceInvalid).nullish(),
});
export type CreateTicketRequest = z.input<typeof createTicketRequestSchema>;

export const createTicketResponseSchema = z.object({
  result: z.literal('success'),
  tid: z.string(),
  message: z.string(),
});
export type CreateTicketResponse = z.infer<typeof createTicketResponseSchema>;

/**
 * `PUT guest/support?…` (no login, captcha): the fields travel in the query string. The
 * department is always Sales (id 2). The access key is mailed to `email` and also returned, so
 * the browser that opened the ticket can go straight to it.
 */
export const guestCreateTicketQuerySchema = z.strictObject({
  name: singleLineText({ error: SupportText.nameRequired })
    .trim()
    .min(1, SupportText.nameRequired)
    .max(TICKET_NAME_MAX),
  email: requiredEmail(),
  subject: subjectText,
  message: messageText,
  priority: priorityField,
  captchaToken: z
    .string({ error: SupportText.captchaRequired })
    .min(1, SupportText.captchaRequired)
    .max(20_000),
});
export type GuestCreateTicketQuery = z.input<typeof guestCreateTicketQuerySchema>;

export const guestCreateTicketResponseSchema = createTicketResponseSchema.extend({
  /** The access key (`?c=`) that, with the tid, opens the ticket. */
  c: z.string(),
});
export type GuestCreateTicketResponse = z.infer<typeof guestCreateTicketResponseSchema>;

/** `?c=` of the guest calls. */
export const guestAccessQuerySchema = z.strictObject({
  c: z.string({ error: SupportText.notAuthorized }).regex(GUEST_ACCESS_KEY, SupportText.notAuthorized),
});

/** Path of the ticket calls: the six-digit tid. Anything else is the 404 'Ticket Not Found'. */
export const ticketPathSchema = z.strictObject({
  tid: z.string().regex(/^\d{6}$/, SupportText.notFound),
});

/** The text fields of `POST support/{tid}` and `POST guest/support/{tid}` (multipart or JSON). */
export const ticketReplyRequestSchema = z.strictObject({ message: messageText });

export const ticketActionResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
});
export type TicketActionResponse = z.infer<typeof ticketActionResponseSchema>;

/** `GET operator/support`: every account's and guest's tickets, most recent reply first. */
export const operatorTicketListQuerySchema = z.strictObject({
  status: z.enum(ticketStatuses, { error: SupportText.statusInvalid }).optional(),
});
export const operatorTicketSchema = ticketSummarySchema.extend({
  /** The owner account's id, or null for a guest's ticket. */
  userid: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
});
export const operatorTicketListResponseSchema = z.object({ tickets: z.array(operatorTicketSchema) });
export type OperatorTicketListResponse = z.infer<typeof operatorTicketListResponseSchema>;

/** `POST operator/support/{tid}/reply`: a staff answer; the ticket becomes Awaiting Reply. */
export const operatorReplyRequestSchema = z.strictObject({ message: messageText });
/** `POST operator/support/{tid}/status`. */
export const operatorStatusRequestSchema = z.strictObject({
  status: z.enum(ticketStatuses, { error: SupportText.statusInvalid }),
});
