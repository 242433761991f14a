import { newsListResponseSchema } from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { NewsRepository } from './news.repository.ts';

const LATEST_NEWS_LIMIT = 20;

/** `GET news`: published announcements, newest first. Public: news is no secret. */
export function newsRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const news = new NewsRepository(database.db);
  return async (app) => {
    app.get(
      '/news',
      {
        config: { access: 'public' },
        schema: {
          tags: ['news'],
          summary: 'Lists the latest published announcements, newest first',
          operationId: 'listNews',
          response: { 200: newsListResponseSchema },
        },
      },
      async () => {
        const rows = await news.listPublished(LATEST_NEWS_LIMIT);
        return {
          announcements: {
            announcement: rows.map((row) => ({
              id: row.id,
              title: row.title,
              date: row.publishedAt.toISOString().slice(0, 19).replace('T', ' '),
              announcement: row.body,
            })),
          },
        };
      },
    );
  };
}
