import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built web app. Unknown paths outside the API and the assets get index.html (history
 * fallback) so that the client router handles them; hashed assets are cached for a year,
 * index.html never; brotli or gzip copies made by the build go to browsers that accept them.
 */
export async function registerSpa(app: FastifyInstance, distDir: string) {
  const index = path.join(distDir, 'index.html');
  const hasBuild = existsSync(index);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of each file: the one the browser accepts is sent.
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    return reply.code(404).send({ message: `Route ${request.method} ${pathname} not found.` });
  };
  app.setNotFoundHandler(notFound);
  if (!hasBuild) return;
  // The history fallback is a route rather than the not-found handler so that the route hooks
  // apply to it: compression above all, for a build that left no compressed copy of index.html.
  // Files of the build have routes of their own, which win over this wildcard.
  app.get('/*', { exposeHeadRoute: false, schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname.startsWith('/api/') || pathname === '/api';
    // A missing asset (a chunk of an older build) must fail as one, not come back as index.html
    // that the browser refuses as a script or style sheet with a misleading MIME type error.
    const isAsset = pathname.startsWith('/assets/');
    if (isApi || isAsset) return notFound(request, reply);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
