import { UpstreamError } from './upstream-error.ts';

/**
 * Stands in for an adapter whose upstream has no URL (simulator off, nothing configured): every
 * call answers 502 with the usual message, and the log says which setting is missing.
 */
export function unconfiguredProvider<T extends object>(upstream: string, setting: string): T {
  return new Proxy({} as T, {
    get: (_target, property) =>
      property === 'then'
        ? undefined
        : async () => {
            throw new UpstreamError(upstream, 502, `${setting} is not set`);
          },
  });
}
