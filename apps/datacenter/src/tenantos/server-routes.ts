import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimContext } from '../context.ts';
import { issueConsoleTicket } from './console.ts';
import { presentIpAssignments, presentServer } from './presenter.ts';
import { conflict, invalidInput, result, unprocessable } from './replies.ts';
import { onServer } from './server-lookup.ts';
import { isStatsMode, predefinedRanges, trafficStats } from './traffic.ts';

const serverUpdateSchema = z.object({
  nickname: z.string().max(255, 'The nickname may not be greater than 255 characters.').optional(),
  hostname: z.string().min(1).max(255).optional(),
  description: z.string().max(65535).optional(),
  tags: z.array(z.string().min(1).max(255), { error: 'The tags must be an array.' }).optional(),
});

/** The documented statistics body; the simulator answers the `predefined` ranges, not `from`/`to`. */
const statsBodySchema = z.object({
  predefined: z.enum(predefinedRanges, {
    error: (issue) =>
      issue.input === undefined
        ? 'The predefined field is required (from/to ranges are not simulated).'
        : 'The selected predefined range is not simulated.',
  }),
  summary: z.boolean().optional(),
});

/**
 * The documented console parameters. Tenantos reads them from the JSON body of this GET, or from
 * the query string (Laravel merges both), which is what HTTP clients that refuse a GET body use.
 */
const consoleInputSchema = z.object({
  consoleMode: z.enum(['web', 'standard'], { error: 'The selected console mode is invalid.' }).default('web'),
  // Documented as required; the simulator binds nothing to it, so it only checks its form.
  authorizedIp: z
    .union([z.ipv4(), z.ipv6()], { error: 'The authorized ip must be a valid IP address.' })
    .optional(),
});

/** Server detail and settings, IP assignments, console tickets and traffic statistics. */
export function registerServerRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.get(
    '/api/servers/:id',
    onServer(ctx, ({ server, now }) => result(presentServer(server, now))),
  );

  app.put(
    '/api/servers/:id',
    onServer(ctx, ({ server, now, save }, request, reply) => {
      const parsed = serverUpdateSchema.safeParse(request.body ?? {});
      if (!parsed.success) return invalidInput(reply, parsed.error);
      if (parsed.data.nickname !== undefined) server.nickname = parsed.data.nickname.trim();
      if (parsed.data.hostname !== undefined) server.hostname = parsed.data.hostname.trim();
      if (parsed.data.description !== undefined) server.description = parsed.data.description;
      if (parsed.data.tags !== undefined)
        server.tags = [...new Set(parsed.data.tags.map((tag) => tag.trim()))];
      save();
      return result(presentServer(server, now));
    }),
  );

  app.get(
    '/api/servers/:id/ipassignments',
    onServer(ctx, ({ server }) => result(presentIpAssignments(server))),
  );

  app.get(
    '/api/servers/:id/console/start',
    onServer(ctx, ({ server, state, now, save }, request, reply) => {
      if (server.powerProvider !== 'ipmi') {
        return unprocessable(reply, 'No console provider is assigned to this server.');
      }
      if (server.bmcResettingUntil !== null) {
        return conflict(reply, 'The BMC is not responding (a BMC reset is in progress).');
      }
      const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
      const parsed = consoleInputSchema.safeParse({ ...(request.query as object), ...body });
      if (!parsed.success) return invalidInput(reply, parsed.error);
      const { token, path } = issueConsoleTicket(state, server, parsed.data.consoleMode, now);
      save();
      return result({ token, accessUrl: `${request.protocol}://${request.host}${path}` });
    }),
  );

  app.post(
    '/api/servers/:id/stats/network/:mode',
    onServer(ctx, ({ server, now }, request, reply) => {
      const { mode } = request.params as { mode: string };
      if (!isStatsMode(mode)) return unprocessable(reply, 'The stats mode must be graph or text.');
      const parsed = statsBodySchema.safeParse(request.body ?? {});
      if (!parsed.success) return invalidInput(reply, parsed.error);
      return result(trafficStats(server, mode, parsed.data.predefined, Math.floor(now / 1000)));
    }),
  );
}
