import {
  ErrorCode,
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
import { callerOf } from '../../http/caller.ts';
import { refusedFor, serverChange, serverRead, upstreamAnswers } from '../../http/route-answers.ts';
import { followServer } from '../server-watch/follow-server.ts';
import { VpsService, type VpsPowerAction } from './vps.service.ts';
import { VpsIsosService } from './vps-isos.service.ts';

const tags = ['vps'];
const params = serviceIdParamsSchema;
const done = { 200: messageResponseSchema };

/** The account's ISO library: sub-accounts need the services permission, and the platform answers. */
const isoLibrary = { access: { permission: 'services' }, answers: upstreamAnswers } as const;
const isoRefusal = (why: string) =>
  refusedFor(ErrorCode.permissionRequired, [ErrorCode.serviceAccessDenied, why], ErrorCode.accountClosed);

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
      {
        config: isoLibrary,
        schema: {
          tags,
          summary: "Lists the account's ISOs for first-generation VPS, with their download state",
          operationId: 'listVpsIsos',
          response: { 200: vpsIsoListResponseSchema },
        },
      },
      async (request) => ({
        isos: await isos.list(callerOf(request)),
      }),
    );

    app.post(
      '/services/vps/iso/add',
      {
        config: {
          ...isoLibrary,
          answers: {
            ...isoLibrary.answers,
            403: isoRefusal('the caller has no active first-generation VPS'),
            409: 'The account already has as many ISOs as it may (`error`: `iso_limit_reached`).',
          },
        },
        schema: {
          tags,
          summary: "Downloads an ISO from a public http(s) URL into the account's library",
          operationId: 'addVpsIso',
          body: vpsIsoAddBodySchema,
          response: { 200: vpsIsoAddResponseSchema },
        },
      },
      async (request) => ({
        message: 'The ISO is being downloaded.',
        iso: await isos.add(callerOf(request), request.body.url),
      }),
    );

    app.delete(
      '/services/vps/iso/:id',
      {
        config: {
          ...isoLibrary,
          answers: {
            ...isoLibrary.answers,
            403: isoRefusal('a sub-account with a whitelist may delete only the ISOs it added'),
            404: "No such ISO in the account's library.",
            409: 'The ISO is still downloading (`error`: `iso_downloading`).',
          },
        },
        schema: {
          tags,
          summary: 'Deletes an ISO from the library, ejecting it from every VPS of the account',
          operationId: 'deleteVpsIso',
          params: vpsIsoIdParamsSchema,
          response: done,
        },
      },
      async (request) => {
        await isos.remove(callerOf(request), request.params.id);
        return { message: 'The ISO was deleted.' };
      },
    );

    app.get(
      '/services/vps/:id',
      {
        config: serverRead,
        schema: {
          tags,
          summary: 'Shows a first-generation VPS: state, resources, addresses, drives, billing',
          operationId: 'getVps',
          params,
          response: { 200: vpsDetailResponseSchema },
        },
      },
      (request) => vps.detail(callerOf(request), request.params.id),
    );

    app.patch(
      '/services/vps/:id/hostname',
      {
        config: serverChange,
        schema: {
          tags,
          summary: "Changes the VPS's hostname",
          operationId: 'setVpsHostname',
          params,
          body: vpsHostnameBodySchema,
          response: done,
        },
      },
      async (request) => {
        await vps.changeHostname(callerOf(request), request.params.id, request.body.hostname);
        return { message: 'Successfully changed the server hostname.' };
      },
    );

    const power: [VpsPowerAction, string, string][] = [
      ['restart', 'The VPS is rebooting.', 'Restarts the VPS'],
      ['start', 'The VPS is starting.', 'Starts the VPS'],
      ['powerOff', 'The VPS is powering off.', 'Powers the VPS off'],
    ];
    for (const [action, message, summary] of power) {
      app.post(
        `/services/vps/:id/${action}`,
        {
          config: serverChange,
          schema: { tags, summary, operationId: `${action}Vps`, params, response: done },
        },
        async (request) => {
          await vps.power(callerOf(request), request.params.id, action);
          return { message };
        },
      );
    }

    app.get(
      '/services/vps/:id/stats/:month',
      {
        config: serverRead,
        schema: {
          tags,
          summary: "Gives the VPS's daily usage (CPU, memory, disk, traffic) over one month",
          operationId: 'getVpsStats',
          params: vpsStatsParamsSchema,
          response: { 200: vpsStatsSchema },
        },
      },
      (request) => vps.stats(callerOf(request), request.params.id, request.params.month),
    );

    app.get(
      '/services/vps/:id/templates',
      {
        config: serverRead,
        schema: {
          tags,
          summary: 'Lists the operating systems the VPS can be reinstalled with',
          operationId: 'listVpsTemplates',
          params,
          response: { 200: vpsTemplateListResponseSchema },
        },
      },
      async (request) => ({
        templates: await vps.templates(callerOf(request), request.params.id),
      }),
    );

    app.post(
      '/services/vps/:id/insert',
      {
        config: serverChange,
        schema: {
          tags,
          summary: "Inserts ISOs of the account's library into the VPS's drives, or empties them",
          operationId: 'insertVpsIsos',
          params,
          body: vpsInsertIsosBodySchema,
          response: done,
        },
      },
      async (request) => {
        await vps.insertIsos(callerOf(request), request.params.id, request.body);
        return { message: 'The ISOs were inserted.' };
      },
    );

    app.post(
      '/services/vps/:id/boot',
      {
        config: serverChange,
        schema: {
          tags,
          summary: "Sets the VPS's boot order: disk first or CD-ROM first",
          operationId: 'setVpsBootOrder',
          params,
          body: vpsBootBodySchema,
          response: done,
        },
      },
      async (request) => {
        await vps.setBootOrder(callerOf(request), request.params.id, request.body.order);
        return { message: 'The boot order was saved.' };
      },
    );

    app.post(
      '/services/vps/:id/rebuild',
      {
        config: serverChange,
        schema: {
          tags,
          summary: 'Reinstalls the VPS with an operating system and a new root password',
          operationId: 'reinstallVps',
          params,
          body: vpsRebuildBodySchema,
          response: done,
        },
      },
      async (request) => {
        await vps.reinstall(callerOf(request), request.params.id, request.body);
        return { message: 'The operating system is being reinstalled.' };
      },
    );

    app.post(
      '/services/vps/:id/reset-password',
      {
        config: serverChange,
        schema: {
          tags,
          summary: 'Sets a new generated root password on the VPS and shows it once',
          operationId: 'resetVpsPassword',
          params,
          response: { 200: vpsResetPasswordResponseSchema },
        },
      },
      (request) => vps.resetPassword(callerOf(request), request.params.id),
    );

    app.get(
      '/services/vps/:id/vnc',
      {
        config: serverChange,
        schema: {
          tags,
          summary: "Gives the VPS's VNC console address and one-time credentials",
          operationId: 'getVpsVnc',
          params,
          response: { 200: vpsVncSchema },
        },
      },
      (request) => vps.vnc(callerOf(request), request.params.id),
    );
  };
}
