import {
  messageResponseSchema,
  serviceIdParamsSchema,
  vpsBootBodySchema,
  vpsDetailResponseSchema,
  vpsHostnameBodySchema,
  vpsInsertIsosBodySchema,
  vpsIsoAddBodySchema,
  vpsIsoAddResponseSchema,
  vpsIsoIdParamsSchema,
  vpsIsoListResponseSchema,
  vpsRebuildBodySchema,
  vpsResetPasswordResponseSchema,
  vpsStatsParamsSchema,
  vpsStatsSchema,
  vpsTemplateListResponseSchema,
  vpsVncSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requirePermission } from '../../http/policy.ts';
import { followServer } from '../server-watch/follow-server.ts';
import { VpsService, type VpsPowerAction } from './vps.service.ts';
import { VpsIsosService } from './vps-isos.service.ts';

const tags = ['vps'];
const params = serviceIdParamsSchema;
const done = { 200: messageResponseSchema };

/** First-generation VPS routes (servers spec §7 "VPS (first generation)"). */
export function vpsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const isos = new VpsIsosService(ctx.database, ctx.providers.vps, ctx.services);

  return async (app) => {
    const vps = new VpsService(
      ctx.providers.vps,
      ctx.services,
      isos,
      followServer(ctx.serverWatch, app.log, 'virtualizor'),
    );
    // The account's ISO library; static paths, so they win over services/vps/{id}.
    app.get(
      '/services/vps/iso',
      { schema: { tags, response: { 200: vpsIsoListResponseSchema } } },
      async (request) => ({
        isos: await isos.list(requirePermission(request, 'services')),
      }),
    );

    app.post(
      '/services/vps/iso/add',
      { schema: { tags, body: vpsIsoAddBodySchema, response: { 200: vpsIsoAddResponseSchema } } },
      async (request) => ({
        message: 'The ISO is being downloaded.',
        iso: await isos.add(requirePermission(request, 'services'), request.body.url),
      }),
    );

    app.delete(
      '/services/vps/iso/:id',
      { schema: { tags, params: vpsIsoIdParamsSchema, response: done } },
      async (request) => {
        await isos.remove(requirePermission(request, 'services'), request.params.id);
        return { message: 'The ISO was deleted.' };
      },
    );

    app.get(
      '/services/vps/:id',
      { schema: { tags, params, response: { 200: vpsDetailResponseSchema } } },
      (request) => vps.detail(requirePermission(request, 'services'), request.params.id),
    );

    app.patch(
      '/services/vps/:id/hostname',
      { schema: { tags, params, body: vpsHostnameBodySchema, response: done } },
      async (request) => {
        await vps.changeHostname(
          requirePermission(request, 'services'),
          request.params.id,
          request.body.hostname,
        );
        return { message: 'Successfully changed the server hostname.' };
      },
    );

    const power: [string, VpsPowerAction, string][] = [
      ['restart', 'restart', 'The VPS is rebooting.'],
      ['start', 'start', 'The VPS is starting.'],
      ['powerOff', 'powerOff', 'The VPS is powering off.'],
    ];
    for (const [path, action, message] of power) {
      app.post(`/services/vps/:id/${path}`, { schema: { tags, params, response: done } }, async (request) => {
        await vps.power(requirePermission(request, 'services'), request.params.id, action);
        return { message };
      });
    }

    app.get(
      '/services/vps/:id/stats/:month',
      { schema: { tags, params: vpsStatsParamsSchema, response: { 200: vpsStatsSchema } } },
      (request) => vps.stats(requirePermission(request, 'services'), request.params.id, request.params.month),
    );

    app.get(
      '/services/vps/:id/templates',
      { schema: { tags, params, response: { 200: vpsTemplateListResponseSchema } } },
      async (request) => ({
        templates: await vps.templates(requirePermission(request, 'services'), request.params.id),
      }),
    );

    app.post(
      '/services/vps/:id/insert',
      { schema: { tags, params, body: vpsInsertIsosBodySchema, response: done } },
      async (request) => {
        await vps.insertIsos(requirePermission(request, 'services'), request.params.id, request.body);
        return { message: 'The ISOs were inserted.' };
      },
    );

    app.post(
      '/services/vps/:id/boot',
      { schema: { tags, params, body: vpsBootBodySchema, response: done } },
      async (request) => {
        await vps.setBootOrder(requirePermission(request, 'services'), request.params.id, request.body.order);
        return { message: 'The boot order was saved.' };
      },
    );

    app.post(
      '/services/vps/:id/rebuild',
      { schema: { tags, params, body: vpsRebuildBodySchema, response: done } },
      async (request) => {
        await vps.reinstall(requirePermission(request, 'services'), request.params.id, request.body);
        return { message: 'The operating system is being reinstalled.' };
      },
    );

    app.post(
      '/services/vps/:id/reset-password',
      { schema: { tags, params, response: { 200: vpsResetPasswordResponseSchema } } },
      (request, reply) => {
        reply.header('cache-control', 'no-store');
        return vps.resetPassword(requirePermission(request, 'services'), request.params.id);
      },
    );

    app.get(
      '/services/vps/:id/vnc',
      { schema: { tags, params, response: { 200: vpsVncSchema } } },
      (request, reply) => {
        reply.header('cache-control', 'no-store');
        return vps.vnc(requirePermission(request, 'services'), request.params.id);
      },
    );
  };
}
