import {
  rdnsQuerySchema,
  rdnsResponseSchema,
  rdnsSaveRequestSchema,
  rdnsSaveResponseSchema,
  serviceIdParamsSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../http/caller.ts';
import { serverChange, serverRead } from '../../http/route-answers.ts';
import { createRdnsBackends } from './rdns-backends.ts';
import { RdnsService } from './rdns.service.ts';

const tags = ['rdns'];

/** `GET/POST services/{id}/rdns` (servers spec §7), for every kind of server with a backend. */
export function rdnsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const rdns = new RdnsService(ctx.services, createRdnsBackends(ctx));
  return async (app) => {
    app.get(
      '/services/:id/rdns',
      {
        config: serverRead,
        schema: {
          tags,
          summary: "Reads the reverse DNS names of a server's addresses",
          operationId: 'getReverseDns',
          params: serviceIdParamsSchema,
          querystring: rdnsQuerySchema,
          response: { 200: rdnsResponseSchema },
        },
      },
      (request) => rdns.read(callerOf(request), request.params.id, request.query),
    );

    app.post(
      '/services/:id/rdns',
      {
        config: serverChange,
        schema: {
          tags,
          summary: "Saves the reverse DNS names of a server's addresses",
          operationId: 'saveReverseDns',
          params: serviceIdParamsSchema,
          body: rdnsSaveRequestSchema,
          response: { 200: rdnsSaveResponseSchema },
        },
      },
      (request) => rdns.save(callerOf(request), request.params.id, request.body),
    );
  };
}
