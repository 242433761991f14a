import {
  DedicatedRebuildText,
  dedicatedBandwidthQuerySchema,
  dedicatedBandwidthResponseSchema,
  dedicatedBandwidthSummarySchema,
  dedicatedConsoleQuerySchema,
  dedicatedConsoleResponseSchema,
  dedicatedDetailResponseSchema,
  dedicatedNicknameRequestSchema,
  dedicatedNicknameResponseSchema,
  dedicatedPowerActionResponseSchema,
  dedicatedPowerActions,
  dedicatedPowerStatusSchema,
  dedicatedRebuildRequestSchema,
  dedicatedRebuildStatusSchema,
  dedicatedTemplatesResponseSchema,
  messageResponseSchema,
  serviceIdParamsSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requirePermission } from '../../http/policy.ts';
import { followServer } from '../server-watch/follow-server.ts';
import { DedicatedService } from './dedicated.service.ts';

const tags = ['dedicated'];
const params = serviceIdParamsSchema;

/** Dedicated server routes (servers spec §7 Dedicated). rDNS lives in the rdns module. */
export function dedicatedRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const dedicated = new DedicatedService(
      ctx.services,
      ctx.providers.dedicated,
      followServer(ctx.serverWatch, app.log, 'tenantos'),
    );
    app.get(
      '/services/dedicated/:id',
      { schema: { tags, params, response: { 200: dedicatedDetailResponseSchema } } },
      (request) => dedicated.getDetail(requirePermission(request, 'services'), request.params.id),
    );

    app.patch(
      '/services/dedicated/:id',
      {
        schema: {
          tags,
          summary: 'Sets the nickname (the field is called hostname)',
          params,
          body: dedicatedNicknameRequestSchema,
          response: { 200: dedicatedNicknameResponseSchema },
        },
      },
      async (request) => {
        const auth = requirePermission(request, 'services');
        const nickname = await dedicated.setNickname(auth, request.params.id, request.body.hostname);
        return { message: 'Successfully changed the server nickname.', nickname };
      },
    );

    app.get(
      '/services/dedicated/:id/templates',
      { schema: { tags, params, response: { 200: dedicatedTemplatesResponseSchema } } },
      (request) => dedicated.listTemplates(requirePermission(request, 'services'), request.params.id),
    );

    app.post(
      '/services/dedicated/:id/rebuild',
      {
        schema: {
          tags,
          summary: 'Reinstalls the OS, or boots rescue mode with a rescue template',
          params,
          body: dedicatedRebuildRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        const auth = requirePermission(request, 'services');
        const kind = await dedicated.startRebuild(auth, request.params.id, request.body);
        return {
          message: kind === 'rescue' ? DedicatedRebuildText.rescueStarted : DedicatedRebuildText.started,
        };
      },
    );

    // A GET that changes state, as the spec has it: safe because only the bearer header
    // authenticates (API.md), so no other site can make a browser send it.
    app.get(
      '/services/dedicated/:id/rebuild/stop',
      { schema: { tags, params, response: { 200: messageResponseSchema } } },
      async (request) => {
        await dedicated.stopRebuild(requirePermission(request, 'services'), request.params.id);
        return { message: DedicatedRebuildText.stopped };
      },
    );

    app.get(
      '/services/dedicated/:id/rebuild/status',
      { schema: { tags, params, response: { 200: dedicatedRebuildStatusSchema } } },
      (request) => dedicated.getRebuildStatus(requirePermission(request, 'services'), request.params.id),
    );

    app.post(
      '/services/dedicated/:id/power/status',
      { schema: { tags, params, response: { 200: dedicatedPowerStatusSchema } } },
      (request) => dedicated.getPowerStatus(requirePermission(request, 'services'), request.params.id),
    );

    for (const action of dedicatedPowerActions) {
      app.post(
        `/services/dedicated/:id/power/${action}`,
        { schema: { tags, params, response: { 200: dedicatedPowerActionResponseSchema } } },
        async (request) => {
          await dedicated.runPowerAction(requirePermission(request, 'services'), request.params.id, action);
          return { success: true as const };
        },
      );
    }

    app.get(
      '/services/dedicated/:id/console',
      {
        schema: {
          tags,
          params,
          querystring: dedicatedConsoleQuerySchema,
          response: { 200: dedicatedConsoleResponseSchema },
        },
      },
      (request) =>
        dedicated.startConsole(requirePermission(request, 'services'), request.params.id, request.query.mode),
    );

    app.get(
      '/services/dedicated/:id/bandwidth',
      {
        schema: {
          tags,
          params,
          querystring: dedicatedBandwidthQuerySchema,
          response: { 200: dedicatedBandwidthResponseSchema },
        },
      },
      (request) =>
        dedicated.getBandwidth(requirePermission(request, 'services'), request.params.id, request.query.mode),
    );

    app.get(
      '/services/dedicated/:id/bandwidth/summary',
      { schema: { tags, params, response: { 200: dedicatedBandwidthSummarySchema } } },
      (request) => dedicated.getBandwidthSummary(requirePermission(request, 'services'), request.params.id),
    );
  };
}
