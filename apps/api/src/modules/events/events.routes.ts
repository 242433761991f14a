import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { isServiceEventData } from '@rackdesk/contract';
import { type AuthContext, isWhitelisted, requireLogin } from '../../http/policy.ts';
import type { UserEvent } from './event-bus.ts';

/**
 * Service events go to the owner's stream; a sub-account sees them only with the services
 * permission and the service in its whitelist, as the service's own routes would answer.
 */
function mayReceive(auth: AuthContext, event: UserEvent): boolean {
  if (!isServiceEventData(event.data) || !auth.isSubAccount) return true;
  return Boolean(auth.login.permissions?.services) && isWhitelisted(auth, event.data.serviceId);
}

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
          if (reply.sse.isConnected && mayReceive(auth, event))
            void reply.sse.send({ event: event.name, data: event.data });
        });
        reply.sse.onClose(unsubscribe);
        await reply.sse.send({ event: 'ready', data: {} });
      },
    );
  };
}
