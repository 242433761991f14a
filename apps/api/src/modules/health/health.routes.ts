import { healthResponseSchema } from '@rackdesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/errors.ts';

export function healthRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { rateLimit: false, access: 'public', answers: { 503: 'The database does not answer.' } },
        schema: {
          tags: ['health'],
          summary: 'Tells whether the server and its database answer',
          operationId: 'getHealth',
          response: { 200: healthResponseSchema },
        },
      },
      async () => {
        try {
          await database.db.execute(sql`select 1`);
        } catch {
          throw new AppError(503, 'The database is unavailable.');
        }
        return { status: 'ok' as const, database: 'ok' as const };
      },
    );
  };
}
