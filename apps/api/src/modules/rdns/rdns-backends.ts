import type { AppContext } from '../../app-context.ts';
import type { RdnsBackends } from './rdns.service.ts';
import { tenantosRdnsBackend } from './tenantos-rdns-backend.ts';

/**
 * The rDNS backend of each platform. A platform missing here answers 404 'Reverse DNS is not
 * available for this service.'; the VPS platforms join when their DNS service exists.
 */
export function createRdnsBackends(ctx: AppContext): RdnsBackends {
  return { tenantos: tenantosRdnsBackend(ctx.providers.dedicated) };
}
