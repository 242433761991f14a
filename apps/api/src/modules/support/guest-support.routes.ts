import {
  guestCreateTicketQuerySchema,
  guestCreateTicketResponseSchema,
  SupportText,
  ticketActionResponseSchema,
  ticketDetailSchema,
  ticketPathSchema,
  ticketReplyRequestSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { checkedQuery, readTicketFields } from './ticket-fields.ts';

const tags = ['support'];

/**
 * `?c=` as the routes read it: any short text, so that a missing or malformed key is the same 403
 * as a wrong one (GuestTicketsService checks its form), not a validation error that tells them apart.
 */
const accessQuerySchema = z.strictObject({ c: z.string().max(200).optional() });

const keyAnswers = {
  403: 'The access key `c` is missing or wrong, or no ticket has this tid (the two are not told apart): `Not authorized to view this ticket`.',
  429: 'Too many wrong keys from this address; `Retry-After` gives the seconds to wait.',
};

/** Support for visitors without an account (portal spec §6, §9; API.md "Guest tickets"). */
export function guestSupportRoutes({ guestSupport }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/guest/support',
      {
        config: {
          access: 'public',
          answers: {
            422: 'The input is invalid (`errors` per field), or the captcha is not solved (`captchaToken`).',
          },
        },
        schema: {
          tags,
          summary: "Opens a guest's ticket (in Sales) and mails the guest its link",
          description:
            'The fields travel in the query string. The answer carries the access key `c` that, with the tid, opens the ticket; the same link is mailed to `email`.',
          operationId: 'openGuestTicket',
          querystring: guestCreateTicketQuerySchema,
          response: { 200: guestCreateTicketResponseSchema },
        },
      },
      (request) => guestSupport.open(request.query, request.ip),
    );

    app.get(
      '/guest/support/:tid',
      {
        config: { access: 'public', answers: keyAnswers },
        schema: {
          tags,
          summary: "A guest's ticket with its thread",
          operationId: 'getGuestTicket',
          params: ticketPathSchema,
          querystring: accessQuerySchema,
          response: { 200: ticketDetailSchema },
        },
      },
      (request) => guestSupport.ticket(request.params.tid, request.query.c, request.ip),
    );

    app.post(
      '/guest/support/:tid',
      {
        attachValidation: true,
        config: {
          access: 'public',
          multipart: true,
          answers: {
            ...keyAnswers,
            422: `The input is invalid (\`errors\` per field), or an image was sent: \`${SupportText.guestsCannotAttach}\``,
          },
        },
        schema: {
          tags,
          summary: "Replies to a guest's ticket (text only: guests cannot attach images)",
          consumes: ['application/json', 'multipart/form-data'],
          description: 'JSON `{message}`, or multipart/form-data with `message`.',
          operationId: 'replyToGuestTicket',
          params: ticketPathSchema,
          querystring: accessQuerySchema,
          body: ticketReplyRequestSchema,
          response: { 200: ticketActionResponseSchema },
        },
      },
      async (request) => {
        const { fields } = await readTicketFields(request, ticketReplyRequestSchema, {
          imagesAllowed: false,
        });
        const { c } = checkedQuery(accessQuerySchema, request.query);
        await guestSupport.reply(request.params.tid, c, fields.message, request.ip);
        return { result: 'success' as const, message: SupportText.replied };
      },
    );

    app.post(
      '/guest/support/:tid/close',
      {
        config: { access: 'public', answers: keyAnswers },
        schema: {
          tags,
          summary: "Closes a guest's ticket",
          operationId: 'closeGuestTicket',
          params: ticketPathSchema,
          querystring: accessQuerySchema,
          response: { 200: ticketActionResponseSchema },
        },
      },
      async (request) => {
        await guestSupport.close(request.params.tid, request.query.c, request.ip);
        return { result: 'success' as const, message: SupportText.closed };
      },
    );
  };
}
