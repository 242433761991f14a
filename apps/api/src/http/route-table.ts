import type { FastifyContextConfig, FastifyInstance, FastifySchema } from 'fastify';

/** One method of a registered route, with the declarations it was registered with. */
export interface RegisteredRoute {
  method: string;
  url: string;
  config: FastifyContextConfig;
  schema: FastifySchema | undefined;
  /** A Server-Sent-Events stream: it answers with its headers and stays open. */
  streams: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route as it was registered, with its `config` (access, changes…): what the
     * declarations say, for whatever checks them against the routes themselves.
     */
    routeTable: readonly RegisteredRoute[];
  }
}

/** Records every route registered after it (register it first), one entry per method. */
export function registerRouteTable(app: FastifyInstance) {
  const table: RegisteredRoute[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // Read when asked: hooks registered later (in the route's own plugin) may still add to it.
      table.push({
        method,
        url: route.url,
        get config() {
          return route.config ?? {};
        },
        schema: route.schema,
        streams: (route as { sse?: unknown }).sse !== undefined,
      });
    }
  });
}
