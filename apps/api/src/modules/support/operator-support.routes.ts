import {
  operatorReplyRequestSchema,
  operatorStatusRequestSchema,
  operatorTicketListQuerySchema,
  operatorTicketListResponseSchema,
  SupportText,
  ticketActionResponseSchema,
  ticketDetailSchema,
  ticketPathSchema,
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

const tags = ['operator'];
const notFound = { 404: 'No ticket has this tid: `Ticket Not Found`.' };

/**
 * The operator API for support staff (users with the operator role; `npm run operator -- add
 * EMAIL`): every ticket, staff answers and statuses. The operator console comes later; until
 * then staff use these calls directly.
 */
export function operatorSupportRoutes({ operatorSupport }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/operator/support',
      {
        config: { access: 'operator' },
        schema: {
          tags,
          summary: "Lists every account's and guest's tickets, most recent reply first",
          operationId: 'operatorListTickets',
          querystring: operatorTicketListQuerySchema,
          response: { 200: operatorTicketListResponseSchema },
        },
      },
      (request) => {
        callerOf(request);
        return operatorSupport.list(request.query.status);
      },
    );

    app.get(
      '/operator/support/:tid',
      {
        config: { access: 'operator', answers: notFound },
        schema: {
          tags,
          summary: 'One ticket with its thread',
          operationId: 'operatorGetTicket',
          params: ticketPathSchema,
          response: { 200: ticketDetailSchema },
        },
      },
      (request) => {
        callerOf(request);
        return operatorSupport.ticket(request.params.tid);
      },
    );

    app.post(
      '/operator/support/:tid/reply',
      {
        config: { access: 'operator', answers: notFound },
        schema: {
          tags,
          summary: 'Answers a ticket as staff: it becomes Awaiting Reply and the customer is mailed',
          operationId: 'operatorReplyToTicket',
          params: ticketPathSchema,
          body: operatorReplyRequestSchema,
          response: { 200: ticketActionResponseSchema },
        },
      },
      async (request) => {
        await operatorSupport.reply(callerOf(request), request.params.tid, request.body.message);
        return { result: 'success' as const, message: SupportText.replied };
      },
    );

    app.post(
      '/operator/support/:tid/status',
      {
        config: { access: 'operator', answers: notFound },
        schema: {
          tags,
          summary: "Sets a ticket's status",
          operationId: 'operatorSetTicketStatus',
          params: ticketPathSchema,
          body: operatorStatusRequestSchema,
          response: { 200: ticketActionResponseSchema },
        },
      },
      async (request) => {
        callerOf(request);
        await operatorSupport.setStatus(request.params.tid, request.body.status);
        return { result: 'success' as const, message: `The ticket is now ${request.body.status}.` };
      },
    );

    app.get(
      '/operator/support/:tid/reply/:replyid/image/:name',
      {
        config: {
          access: 'operator',
          answers: {
            404: `${notFound[404]} Or no such image on this reply: \`${SupportText.imageNotFound}\`.`,
            ...imageReadAnswers,
          },
        },
        schema: {
          tags,
          summary: 'One image attached to a reply of any ticket',
          description: imageDescription,
          operationId: 'operatorGetTicketImage',
          produces: imageTypes,
          params: imagePathSchema,
          response: { 200: imageResponseSchema },
        },
      },
      async (request, reply) => {
        callerOf(request);
        const { tid, replyid, name } = request.params;
        return sendImage(reply, { ...(await operatorSupport.image(tid, replyid, name)), name });
      },
    );
  };
}
