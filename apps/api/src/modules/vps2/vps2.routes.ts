import {
  messageResponseSchema,
  serviceIdParamsSchema,
  vps2BackupCheckResponseSchema,
  vps2BackupListResponseSchema,
  vps2BackupScheduleResponseSchema,
  vps2BackupToggleResponseSchema,
  vps2BackupVolumeRequestSchema,
  vps2BootRequestSchema,
  vps2DetailResponseSchema,
  vps2HostnameRequestSchema,
  vps2InsertIsoRequestSchema,
  vps2IsoAddRequestSchema,
  vps2IsoAddResponseSchema,
  vps2IsoIdParamsSchema,
  vps2IsoListResponseSchema,
  vps2OsTemplateListResponseSchema,
  vps2RebuildRequestSchema,
  vps2ResetPasswordResponseSchema,
  vps2StatsParamsSchema,
  vps2StatsResponseSchema,
  vps2UpgradeRequestSchema,
  vps2UpgradeResponseSchema,
  vps2UserTemplateCreateRequestSchema,
  vps2UserTemplateCreateResponseSchema,
  vps2UserTemplateIdRequestSchema,
  vps2UserTemplateInstallResponseSchema,
  vps2UserTemplateListResponseSchema,
  Vps2Text,
  vps2VncSchema,
} from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requirePermission } from '../../http/policy.ts';
import { CatalogService } from '../catalog/catalog.service.ts';
import { Vps2BackupsService } from './vps2-backups.service.ts';
import { Vps2IsosService } from './vps2-isos.service.ts';
import { followServer } from '../server-watch/follow-server.ts';
import { SshKeysService } from '../ssh-keys/ssh-keys.service.ts';
import { Vps2Servers } from './vps2-servers.ts';
import { Vps2UpgradeCommand } from './vps2-upgrade.command.ts';
import { Vps2UserTemplatesService } from './vps2-user-templates.service.ts';
import { type Vps2PowerAction, Vps2Service } from './vps2.service.ts';

const tags = ['vps2'];
const params = serviceIdParamsSchema;
const done = { 200: messageResponseSchema };

/**
 * VPS v2 routes (servers spec §7 "VPS v2"); the storage-block calls of the page are in the storage
 * module. Account-level paths (iso, user-template) are static, so they win over `{id}`.
 */
export function vps2Routes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { proxmox } = ctx.providers;
    const servers = new Vps2Servers(ctx.database, ctx.services);
    const follow = followServer(ctx.serverWatch, app.log, 'proxmox');
    const catalog = new CatalogService(ctx.database);
    const userTemplates = new Vps2UserTemplatesService(ctx.database, proxmox, servers, follow);
    const sshKeys = new SshKeysService(ctx.database);
    const vps2 = new Vps2Service(proxmox, servers, ctx.services, catalog, userTemplates, follow, sshKeys);
    const isos = new Vps2IsosService(proxmox, servers);
    const backups = new Vps2BackupsService(proxmox, servers, follow);
    const upgrade = new Vps2UpgradeCommand(ctx.database, proxmox, servers, catalog, follow);
    const caller = (request: Parameters<typeof requirePermission>[0]) =>
      requirePermission(request, 'services');

    // The account's ISO library.
    app.get(
      '/services/vps/v2/iso',
      { schema: { tags, response: { 200: vps2IsoListResponseSchema } } },
      async (request) => ({
        isos: await isos.list(caller(request)),
      }),
    );

    app.post(
      '/services/vps/v2/iso/add',
      { schema: { tags, body: vps2IsoAddRequestSchema, response: { 200: vps2IsoAddResponseSchema } } },
      async (request) => ({
        message: 'The ISO is being downloaded.',
        iso: await isos.add(caller(request), request.body.url),
      }),
    );

    app.delete(
      '/services/vps/v2/iso/:id',
      { schema: { tags, params: vps2IsoIdParamsSchema, response: done } },
      async (request) => {
        await isos.remove(caller(request), request.params.id);
        return { message: 'The ISO was deleted.' };
      },
    );

    // The account's user templates.
    app.get(
      '/services/vps/v2/user-template/list',
      { schema: { tags, response: { 200: vps2UserTemplateListResponseSchema } } },
      async (request) => ({ user_templates: await userTemplates.list(caller(request)) }),
    );

    app.post(
      '/services/vps/v2/user-template/delete',
      { schema: { tags, body: vps2UserTemplateIdRequestSchema, response: done } },
      async (request) => {
        await userTemplates.delete(caller(request), request.body.id);
        return { message: 'Successfully deleted template!' };
      },
    );

    // One server.
    app.get(
      '/services/vps/v2/:id',
      { schema: { tags, params, response: { 200: vps2DetailResponseSchema } } },
      (request) => vps2.detail(caller(request), request.params.id),
    );

    app.patch(
      '/services/vps/v2/:id/hostname',
      { schema: { tags, params, body: vps2HostnameRequestSchema, response: done } },
      async (request) => {
        await vps2.changeHostname(caller(request), request.params.id, request.body.hostname);
        return { message: 'Successfully changed the server hostname.' };
      },
    );

    const power: [Vps2PowerAction, string][] = [
      ['restart', 'The VPS is rebooting.'],
      ['start', 'The VPS is starting.'],
      ['powerOff', 'The VPS is powering off.'],
    ];
    for (const [action, message] of power) {
      app.post(
        `/services/vps/v2/:id/${action}`,
        { schema: { tags, params, response: done } },
        async (request) => {
          await vps2.power(caller(request), request.params.id, action);
          return { message };
        },
      );
    }

    app.post(
      '/services/vps/v2/:id/insert',
      { schema: { tags, params, body: vps2InsertIsoRequestSchema, response: done } },
      async (request) => {
        await vps2.insertIso(caller(request), request.params.id, request.body);
        return { message: 'The ISOs were inserted.' };
      },
    );

    app.post(
      '/services/vps/v2/:id/boot',
      { schema: { tags, params, body: vps2BootRequestSchema, response: done } },
      async (request) => {
        await vps2.setBootOrder(caller(request), request.params.id, request.body.order);
        return { message: 'The boot order was saved.' };
      },
    );

    app.get(
      '/services/vps/v2/:id/stats/:range',
      { schema: { tags, params: vps2StatsParamsSchema, response: { 200: vps2StatsResponseSchema } } },
      async (request) => ({
        stats: await vps2.stats(caller(request), request.params.id, request.params.range),
      }),
    );

    app.get(
      '/services/vps/v2/:id/templates',
      { schema: { tags, params, response: { 200: vps2OsTemplateListResponseSchema } } },
      async (request) => ({ templates: await vps2.templates(caller(request), request.params.id) }),
    );

    app.post(
      '/services/vps/v2/:id/rebuild',
      { schema: { tags, params, body: vps2RebuildRequestSchema, response: done } },
      async (request) => {
        await vps2.rebuild(caller(request), request.params.id, request.body);
        return { message: 'The operating system is being reinstalled.' };
      },
    );

    app.get(
      '/services/vps/v2/:id/vnc',
      { schema: { tags, params, response: { 200: vps2VncSchema } } },
      (request, reply) => {
        reply.header('cache-control', 'no-store');
        return vps2.vnc(caller(request), request.params.id);
      },
    );

    // The first generation's reset-password, under the v2 prefix (the spec names no v2 path).
    app.post(
      '/services/vps/v2/:id/reset-password',
      { schema: { tags, params, response: { 200: vps2ResetPasswordResponseSchema } } },
      (request, reply) => {
        reply.header('cache-control', 'no-store');
        return vps2.resetRootPassword(caller(request), request.params.id);
      },
    );

    // Backups.
    app.get(
      '/services/vps/v2/:id/backup/check',
      { schema: { tags, params, response: { 200: vps2BackupCheckResponseSchema } } },
      async (request) =>
        ({ isEnabled: (await backups.isEnabled(caller(request), request.params.id)) ? 1 : 0 }) as const,
    );

    app.get(
      '/services/vps/v2/:id/backups',
      { schema: { tags, params, response: { 200: vps2BackupListResponseSchema } } },
      async (request) => ({ backups: await backups.list(caller(request), request.params.id) }),
    );

    app.get(
      '/services/vps/v2/:id/backup/schedule',
      { schema: { tags, params, response: { 200: vps2BackupScheduleResponseSchema } } },
      (request) => backups.schedule(caller(request), request.params.id),
    );

    // A GET that changes state, as the spec has it: safe because only the bearer header
    // authenticates (API.md), so no other site can make a browser send it.
    app.get(
      '/services/vps/v2/:id/backup/toggle',
      { schema: { tags, params, response: { 200: vps2BackupToggleResponseSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const enabled = await backups.toggle(caller(request), request.params.id);
        return { message: 'Successfully toggled backups!', isEnabled: enabled ? 1 : 0 } as const;
      },
    );

    app.post(
      '/services/vps/v2/:id/backup/trigger',
      { schema: { tags, params, response: done } },
      async (request) => {
        await backups.trigger(caller(request), request.params.id);
        return { message: 'Successfully triggered backup!' };
      },
    );

    app.post(
      '/services/vps/v2/:id/backup/delete',
      { schema: { tags, params, body: vps2BackupVolumeRequestSchema, response: done } },
      async (request) => {
        await backups.delete(caller(request), request.params.id, request.body.volid);
        return { message: 'The backup was deleted.' };
      },
    );

    app.post(
      '/services/vps/v2/:id/backup/restore',
      { schema: { tags, params, body: vps2BackupVolumeRequestSchema, response: done } },
      async (request) => {
        await backups.restore(caller(request), request.params.id, request.body.volid);
        return { message: 'The backup is being restored.' };
      },
    );

    // User templates of one server.
    app.post(
      '/services/vps/v2/:id/user-template/create',
      {
        schema: {
          tags,
          params,
          body: vps2UserTemplateCreateRequestSchema,
          response: { 200: vps2UserTemplateCreateResponseSchema },
        },
      },
      async (request) => ({
        message: Vps2Text.templateBeingCreated,
        user_template: await userTemplates.create(
          caller(request),
          request.params.id,
          request.body.custom_name,
        ),
      }),
    );

    app.post(
      '/services/vps/v2/:id/user-template/install',
      {
        schema: {
          tags,
          params,
          body: vps2UserTemplateIdRequestSchema,
          response: { 200: vps2UserTemplateInstallResponseSchema },
        },
      },
      (request, reply) => {
        reply.header('cache-control', 'no-store');
        return userTemplates.install(caller(request), request.params.id, request.body.id);
      },
    );

    // An upgrade is an order: sub-accounts need the order permission as well.
    app.post(
      '/services/vps/v2/:id/upgrade',
      {
        schema: {
          tags,
          params,
          body: vps2UpgradeRequestSchema,
          response: { 200: vps2UpgradeResponseSchema },
        },
      },
      async (request) => {
        const auth = caller(request);
        requirePermission(request, 'order');
        const { invoiceId } = await upgrade.run(auth, request.params.id, request.body.pid);
        return { success: true, invoiceid: invoiceId };
      },
    );
  };
}
