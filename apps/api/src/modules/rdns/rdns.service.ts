import type { RdnsQuery, RdnsResponse, RdnsSaveResponse, RdnsType } from '@rackdesk/contract';
import { RdnsText } from '@rackdesk/contract';
import type { ServiceRow } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import type { ServicesService } from '../services/services.service.ts';
import type { RdnsBackend, RdnsTarget } from './rdns-backend.ts';

type Platform = NonNullable<ServiceRow['provider']>;
export type RdnsBackends = Partial<Record<Platform, RdnsBackend>>;

export const RDNS_UNAVAILABLE = 'Reverse DNS is not available for this service.';

export interface RdnsSaveInput {
  ip_list: string[];
  hostname_list: string[];
  ttl_list?: number[] | undefined;
  type?: RdnsType | undefined;
}

/**
 * Reverse DNS of any server (servers spec §5 "rDNS save", §7): the caller's service decides the
 * backend by its platform; saving needs an active service and at least one entry.
 */
export class RdnsService {
  constructor(
    private readonly services: ServicesService,
    private readonly backends: RdnsBackends,
  ) {}

  async read(auth: AuthContext, id: number, query: { ip_list: string[]; type?: RdnsQuery['type'] }) {
    const { target, backend } = await this.#resolve(auth, id, query.type);
    return { entries: await backend.read(target, query.ip_list) } satisfies RdnsResponse;
  }

  async save(auth: AuthContext, id: number, input: RdnsSaveInput) {
    const { target, backend } = await this.#resolve(auth, id, input.type);
    this.services.assertManageable(target.service);
    if (input.ip_list.length === 0) throw AppError.invalid('ip_list', RdnsText.noneToSave);
    const changes = input.ip_list.map((ip, index) => ({
      ip,
      host: input.hostname_list[index] ?? '',
      ttl: input.ttl_list?.[index],
    }));
    return {
      message: RdnsText.saved,
      entries: await backend.save(target, changes),
    } satisfies RdnsSaveResponse;
  }

  async #resolve(auth: AuthContext, id: number, type: RdnsType | undefined) {
    const service = await this.services.requireAccessible(auth, id);
    const backend = service.provider && service.upstreamId ? this.backends[service.provider] : undefined;
    if (!backend || !service.upstreamId) throw AppError.notFound(RDNS_UNAVAILABLE);
    if (type !== undefined && type !== service.provider) {
      throw AppError.invalid('type', `The type ${type} does not match this service.`);
    }
    const target: RdnsTarget = { service, upstreamId: service.upstreamId };
    return { target, backend };
  }
}
