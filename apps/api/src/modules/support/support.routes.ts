import {
  createTicketRequestSchema,
  createTicketResponseSchema,
  departmentsResponseSchema,
  PAGING_DESCRIPTION,
  SupportText,
  ticketActionResponseSchema,
  ticketDetailSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
  ticketPathSchema,
  ticketReplyRequestSchema,
  ticketSortColumns,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../http/caller.ts';
import { sendImage } from './attachments/send-image.ts';
import {
  imageDescription,
  imagePathSchema,
  imageReadAnswers,
  imageResponseSchema,
  imageTypes,
} from './ticket-image-route.ts';
import { readTicketFields } from './ticket-fields.ts';

const tags = ['support'];
const access = { permission: 'support' } as const;
const ticketAnswers = {
  403: "The ticket is not this account's (another account's or a guest's): `Not authorized to view this ticket`. Or a sub-account without the support permission (`permission_required`), or a closed account.",
  404: 'No ticket has this tid: `Ticket Not Found`.',
};

/** The routes that take a ticket form: JSON as documented, or multipart/form-data with images. */
const ticketForm = { attachValidation: true } as const;
const consumes = ['application/json', 'multipart/form-data'];
/** When images are kept in an S3-compatible bucket, a failing bucket is an upstream's failure. */
const storeAnswers = {
  502: 'The image store (an S3-compatible bucket) failed; nothing was written and the message can be shown as it is.',
  504: 'The image store (an S3-compatible bucket) did not answer in time; nothing was written.',
};
const formAnswers = {
  413: 'An image is larger than 5 MB, or the form has too many fields.',
  415: 'The body is neither JSON nor multipart/form-data.',
  ...storeAnswers,
};

/**
 * Support tickets of signed-in customers and sub-accounts with the support permission (portal
 * spec §7 Support). Who may see which ticket: SupportService.
 */
export function supportRoutes({ support }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/support',
      {
        config: { access },
        schema: {
          tags,
          summary: "Lists the account's support tickets",
          description:
            `${PAGING_DESCRIPTION} \`sort\`: ${ticketSortColumns.join(', ')} (lastupdate when absent), \`order\`: asc or desc ` +
            '(desc for lastupdate, asc for the others, when absent); ties are broken by id in the same order. ' +
            "`open_only=true` leaves out Closed tickets (the dashboard's card). `q` searches the subject.",
          operationId: 'listTickets',
          querystring: ticketListQuerySchema,
          response: { 200: ticketListResponseSchema },
        },
      },
      (request) => support.listTickets(callerOf(request), request.query),
    );

    app.get(
      '/support/departments',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Lists the departments a ticket can be opened in',
          operationId: 'listDepartments',
          response: { 200: departmentsResponseSchema },
        },
      },
      (request) => {
        callerOf(request);
        return support.departments();
      },
    );

    app.get(
      '/support/:tid',
      {
        config: { access, answers: ticketAnswers },
        schema: {
          tags,
          summary: 'One ticket with its thread, oldest message first',
          operationId: 'getTicket',
          params: ticketPathSchema,
          response: { 200: ticketDetailSchema },
        },
      },
      (request) => support.ticket(callerOf(request), request.params.tid),
    );

    app.put(
      '/support',
      {
        ...ticketForm,
        config: {
          access,
          multipart: true,
          answers: {
            ...formAnswers,
            422: "The input is invalid (`errors` per field): a missing or too long subject or message, a department that is not offered (`deptid`), or a service that is not the account's or outside the sub-account's whitelist (`serviceid`).",
          },
        },
        schema: {
          tags,
          summary: 'Opens a ticket',
          consumes,
          operationId: 'openTicket',
          body: createTicketRequestSchema,
          response: { 200: createTicketResponseSchema },
        },
      },
      async (request) => {
        const auth = callerOf(request);
        const { fields, images } = await readTicketFields(request, createTicketRequestSchema, {
          imagesAllowed: true,
        });
        return support.open(auth, fields, images);
      },
    );

    app.post(
      '/support/:tid',
      {
        ...ticketForm,
        config: { access, multipart: true, answers: { ...ticketAnswers, ...formAnswers } },
        schema: {
          tags,
          summary: 'Replies to a ticket; a Closed ticket opens again',
          consumes,
          description:
            'JSON `{message}`, or multipart/form-data with `message` and up to five images in `images[]`, each at most 5 MB.',
          operationId: 'replyToTicket',
          params: ticketPathSchema,
          body: ticketReplyRequestSchema,
          response: { 200: ticketActionResponseSchema },
        },
      },
      async (request) => {
        const auth = callerOf(request);
        const { fields, images } = await readTicketFields(request, ticketReplyRequestSchema, {
          imagesAllowed: true,
        });
        await support.reply(auth, request.params.tid, fields.message, images);
        return { result: 'success' as const, message: SupportText.replied };
      },
    );

    app.post(
      '/support/:tid/close',
      {
        config: { access, answers: ticketAnswers },
        schema: {
          tags,
          summary: 'Closes a ticket',
          operationId: 'closeTicket',
          params: ticketPathSchema,
          response: { 200: ticketActionResponseSchema },
        },
      },
      async (request) => {
        await support.close(callerOf(request), request.params.tid);
        return { result: 'success' as const, message: SupportText.closed };
      },
    );

    app.get(
      '/support/:tid/reply/:replyid/image/:name',
      {
        config: {
          access,
          answers: {
            ...ticketAnswers,
            ...imageReadAnswers,
            404: `${ticketAnswers[404]} Or no such image on this reply: \`${SupportText.imageNotFound}\`.`,
          },
        },
        schema: {
          tags,
          summary: 'One image attached to a reply',
          description: imageDescription,
          operationId: 'getTicketImage',
          produces: imageTypes,
          params: imagePathSchema,
          response: { 200: imageResponseSchema },
        },
      },
      async (request, reply) => {
        const { tid, replyid, name } = request.params;
        const image = await support.image(callerOf(request), tid, replyid, name);
        return sendImage(reply, { ...image, name });
      },
    );
  };
}
