import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';

/** First-generation VPS routes (servers spec §7 VPS), filled in by issue 6. */
export function vpsRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
