import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../http/policy.ts';
import type { ServerWatch } from './server-watch.service.ts';
import type { WatchTarget } from './watch-target.ts';

/** Starts following a server after an action on it (see ServerWatch). */
export type FollowServer = (
  auth: AuthContext,
  target: Omit<WatchTarget, 'accountId' | 'provider'>,
) => Promise<void>;

/**
 * Tells open pages how an action on a server of `provider` goes on. The action itself has
 * succeeded by then, so a failure to start the watch is logged rather than answered as a failure.
 */
export function followServer(
  serverWatch: ServerWatch,
  log: FastifyBaseLogger,
  provider: WatchTarget['provider'],
): FollowServer {
  return async (auth, target) => {
    try {
      await serverWatch.watch({ accountId: auth.account.id, provider, ...target });
    } catch (error) {
      log.warn({ err: error, serviceId: target.serviceId }, 'could not start watching the server');
    }
  };
}
