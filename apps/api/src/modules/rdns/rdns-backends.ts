import type { AppContext } from '../../app-context.ts';
import type { RdnsBackends } from './rdns.service.ts';
import { tenantosRdnsBackend } from './tenantos-rdns-backend.ts';
import { proxmoxRdnsBackend, virtualizorRdnsBackend } from './vps-rdns-backends.ts';

/** The rDNS backend of each platform; a platform missing here answers 404 'Reverse DNS is not available for this service.' */
export function createRdnsBackends(ctx: AppContext): RdnsBackends {
  const { dedicated, vps, proxmox, reverseDns } = ctx.providers;
  return {
    tenantos: tenantosRdnsBackend(dedicated),
    virtualizor: virtualizorRdnsBackend(vps, reverseDns),
    proxmox: proxmoxRdnsBackend(proxmox, reverseDns),
  };
}
