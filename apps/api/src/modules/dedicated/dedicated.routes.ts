import {
  type DedicatedPowerAction,
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
import { callerOf } from '../../http/caller.ts';
import { serverChange, serverRead } from '../../http/route-answers.ts';
import { followServer } from '../server-watch/follow-server.ts';
import { DedicatedService } from './dedicated.service.ts';

const tags = ['dedicated'];
const params = serviceIdParamsSchema;

const powerActionDocs: Record<DedicatedPowerAction, { summary: string; operationId: string }> = {
  powerOn: { summary: 'Powers the dedicated server on', operationId: 'powerOnDedicatedServer' },
  powerOff: { summary: 'Powers the dedicated server off', operationId: 'powerOffDedicatedServer' },
  powerReset: {
    summary: 'Resets the dedicated server (a hard restart)',
    operationId: 'resetDedicatedServer',
  },
  resetBmc: {
    summary: "Resets the dedicated server's BMC (IPMI only); the power state stays as it is",
    operationId: 'resetDedicatedServerBmc',
  },
};

/** The 422 of a route whose server may lack what it needs: the id is checked too. */
const unavailableOnThisServer = (what: string) =>
  `The id is invalid, or this server has no ${what}; \`message\` says which.`;

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
      {
        config: serverRead,
        schema: {
          tags,
          summary: 'Shows a dedicated server: hardware, addresses, power and console providers, billing',
          operationId: 'getDedicatedServer',
          params,
          response: { 200: dedicatedDetailResponseSchema },
        },
      },
      (request) => dedicated.getDetail(callerOf(request), request.params.id),
    );

    app.patch(
      '/services/dedicated/:id',
      {
        config: serverChange,
        schema: {
          tags,
          summary: "Sets the dedicated server's nickname (the field is called hostname)",
          operationId: 'setDedicatedServerNickname',
          params,
          body: dedicatedNicknameRequestSchema,
          response: { 200: dedicatedNicknameResponseSchema },
        },
      },
      async (request) => {
        const auth = callerOf(request);
        const nickname = await dedicated.setNickname(auth, request.params.id, request.body.hostname);
        return { message: 'Successfully changed the server nickname.', nickname };
      },
    );

    app.get(
      '/services/dedicated/:id/templates',
      {
        config: serverRead,
        schema: {
          tags,
          summary: 'Lists the operating system and rescue templates the dedicated server can be rebuilt with',
          operationId: 'listDedicatedServerTemplates',
          params,
          response: { 200: dedicatedTemplatesResponseSchema },
        },
      },
      (request) => dedicated.listTemplates(callerOf(request), request.params.id),
    );

    app.post(
      '/services/dedicated/:id/rebuild',
      {
        config: serverChange,
        schema: {
          tags,
          summary: 'Reinstalls the dedicated server, or boots it into rescue mode with a rescue template',
          operationId: 'rebuildDedicatedServer',
          params,
          body: dedicatedRebuildRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        const auth = callerOf(request);
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
      {
        config: serverChange,
        schema: {
          tags,
          summary: 'Stops a running reinstall or rescue boot of the dedicated server',
          operationId: 'stopDedicatedServerRebuild',
          params,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await dedicated.stopRebuild(callerOf(request), request.params.id);
        return { message: DedicatedRebuildText.stopped };
      },
    );

    app.get(
      '/services/dedicated/:id/rebuild/status',
      {
        config: serverRead,
        schema: {
          tags,
          summary: "Shows the progress of the dedicated server's reinstall or rescue boot",
          operationId: 'getDedicatedServerRebuildStatus',
          params,
          response: { 200: dedicatedRebuildStatusSchema },
        },
      },
      (request) => dedicated.getRebuildStatus(callerOf(request), request.params.id),
    );

    app.post(
      '/services/dedicated/:id/power/status',
      {
        // A read, though the spec makes it a POST: read-only API tokens may call it.
        config: { ...serverRead, changes: false },
        schema: {
          tags,
          summary: 'Reads the power state of the dedicated server',
          operationId: 'getDedicatedServerPowerStatus',
          params,
          response: { 200: dedicatedPowerStatusSchema },
        },
      },
      (request) => dedicated.getPowerStatus(callerOf(request), request.params.id),
    );

    for (const action of dedicatedPowerActions) {
      app.post(
        `/services/dedicated/:id/power/${action}`,
        {
          config: {
            ...serverChange,
            answers: {
              ...serverChange.answers,
              422: unavailableOnThisServer('power control for this action'),
            },
          },
          schema: {
            tags,
            ...powerActionDocs[action],
            params,
            response: { 200: dedicatedPowerActionResponseSchema },
          },
        },
        async (request) => {
          await dedicated.runPowerAction(callerOf(request), request.params.id, action);
          return { success: true as const };
        },
      );
    }

    app.get(
      '/services/dedicated/:id/console',
      {
        config: {
          ...serverChange,
          answers: { ...serverChange.answers, 422: unavailableOnThisServer('an IPMI console') },
        },
        schema: {
          tags,
          summary: "Opens a session on the dedicated server's IPMI console (HTML5 or Java)",
          operationId: 'openDedicatedServerConsole',
          params,
          querystring: dedicatedConsoleQuerySchema,
          response: { 200: dedicatedConsoleResponseSchema },
        },
      },
      (request) => dedicated.startConsole(callerOf(request), request.params.id, request.query.mode),
    );

    app.get(
      '/services/dedicated/:id/bandwidth',
      {
        config: serverRead,
        schema: {
          tags,
          summary: "Gives the dedicated server's traffic over a period, as a series for the graph",
          operationId: 'getDedicatedServerBandwidth',
          params,
          querystring: dedicatedBandwidthQuerySchema,
          response: { 200: dedicatedBandwidthResponseSchema },
        },
      },
      (request) => dedicated.getBandwidth(callerOf(request), request.params.id, request.query.mode),
    );

    app.get(
      '/services/dedicated/:id/bandwidth/summary',
      {
        config: serverRead,
        schema: {
          tags,
          summary: "Gives the dedicated server's traffic this month against its allowance",
          operationId: 'getDedicatedServerBandwidthSummary',
          params,
          response: { 200: dedicatedBandwidthSummarySchema },
        },
      },
      (request) => dedicated.getBandwidthSummary(callerOf(request), request.params.id),
    );
  };
}
