import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireLogin } from '../../http/policy.ts';

/** `GET /api/events`: the signed-in user's Server-Sent-Events stream (API.md, Authentication). */
export function eventsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/events',
      { sse: { kind: 'only', heartbeat: true }, schema: { hide: true } },
      async (request, reply) => {
        const auth = requireLogin(request);
        reply.sse.keepAlive();
        const unsubscribe = ctx.events.subscribe(auth.account.id, (event) => {
          if (reply.sse.isConnected) void reply.sse.send({ event: event.name, data: event.data });
        });
        reply.sse.onClose(unsubscribe);
        await reply.sse.send({ event: 'ready', data: {} });
      },
    );
  };
}
