import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { EventName, isServiceEventData, serverTaskKinds } from '@rackdesk/contract';
import { z } from 'zod';
import { bearerTokenOf } from '../../http/authenticate.ts';
import { callerOf } from '../../http/caller.ts';
import { type AuthContext, isClosed, isWhitelisted } from '../../http/policy.ts';
import type { UserEvent } from './event-bus.ts';

/**
 * Service events go to the owner's stream; a sub-account sees them only with the services
 * permission and the service in its whitelist, as the service's own routes would answer. Ticket
 * events likewise need the support permission.
 */
function mayReceive(auth: AuthContext, event: UserEvent): boolean {
  if (!auth.isSubAccount) return true;
  if (event.name === EventName.ticketUpdated) return Boolean(auth.login.permissions?.support);
  if (!isServiceEventData(event.data)) return true;
  return Boolean(auth.login.permissions?.services) && isWhitelisted(auth, event.data.serviceId);
}

const eventsDescription = [
  'Read it with a client that sends the `Authorization` header (a fetch-based one). Each event has a name and JSON data:',
  '',
  '- `ready` `{}`: the stream is open;',
  `- \`${EventName.emailVerified}\` \`{email_verified: true}\`: the account's e-mail address has just been verified;`,
  `- \`${EventName.serviceUpdated}\` \`{serviceId}\`: a service's billing state changed (cancellation requested or voided, its setup failed);`,
  `- \`${EventName.serviceProvisioned}\` \`{serviceId}\`: an ordered service was set up after payment and is Active;`,
  `- \`${EventName.serverPower}\` \`{serviceId, status}\`: a server's power state settled (\`on\`, \`off\`) or is changing;`,
  `- \`${EventName.serverTask}\` \`{serviceId, task, state, percent?, message?}\`: an operation on a server moved on (task: ${serverTaskKinds.map((kind) => `\`${kind}\``).join(', ')}; state: \`running\`, \`completed\`, \`failed\`);`,
  `- \`${EventName.ticketUpdated}\` \`{tid}\`: a ticket of the account got a staff answer or changed status.`,
  '',
  'A sub-account receives service events only with the services permission and for services in its whitelist, and ticket events only with the support permission, as they are when the event comes: a narrowed permission or whitelist applies to an open stream at once. The stream ends when its session or token does (signed out, revoked, a deleted sub-account, a closed account). Comment lines (`: heartbeat`) keep the connection open.',
].join('\n');

/** `GET /api/events`: the signed-in user's Server-Sent-Events stream (API.md, Authentication). */
export function eventsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/events',
      {
        sse: { kind: 'only', heartbeat: true },
        config: {
          access: 'signedIn',
          answers: { 406: 'The `Accept` header refuses `text/event-stream`.' },
        },
        schema: {
          tags: ['events'],
          summary: "Streams the signed-in user's events as Server-Sent Events",
          description: eventsDescription,
          operationId: 'streamEvents',
          response: {
            200: {
              description: 'An open event stream; it starts with a `ready` event.',
              content: { 'text/event-stream': { schema: z.string() } },
            },
          },
        },
      },
      async (request, reply) => {
        const auth = callerOf(request);
        const token = bearerTokenOf(request)!;
        reply.sse.keepAlive();
        /**
         * The caller's rights are read again for each event, as for a request: a sub-account whose
         * permission or whitelist narrowed gets only what it may see now, and a stream whose
         * session or token ended (a deleted sub-account, a revoked token) is closed. Events are
         * delivered one after the other, in the order they came.
         */
        let delivered = Promise.resolve();
        const deliver = async (event: UserEvent) => {
          if (!reply.sse.isConnected) return;
          const current = await ctx.authenticate(token, request.ip);
          if (!current || isClosed(current)) {
            reply.sse.close();
            return;
          }
          if (mayReceive(current, event)) await reply.sse.send({ event: event.name, data: event.data });
        };
        const unsubscribe = ctx.events.subscribe(auth.account.id, (event) => {
          delivered = delivered
            .then(() => deliver(event))
            .catch((error: unknown) => request.log.warn({ err: error }, 'an event was not delivered'));
        });
        reply.sse.onClose(unsubscribe);
        await reply.sse.send({ event: 'ready', data: {} });
      },
    );
  };
}
