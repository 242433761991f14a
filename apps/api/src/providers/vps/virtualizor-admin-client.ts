import { z } from 'zod';
import { UpstreamHttp } from '../http-client.ts';
import { UpstreamError } from '../upstream-error.ts';
import { parseAnswer, refusalAnswer, unexpectedAnswer } from './virtualizor-answers.ts';

export interface VirtualizorAdminClientOptions {
  /** The admin panel, such as https://vps.example.com:4085. */
  baseUrl: string;
  apiKey: string;
  apiPass: string;
  /** The panel user new VPSs belong to: the one whose end-user key manages them. */
  userId: number;
  /** Per attempt. */
  timeoutMs: number;
}

/** A VPS to create for an ordered service (first generation). */
export interface NewVps {
  hostname: string;
  rootPassword: string;
  /** An osid, or a template's name as the catalogue calls it (`debian-12`, `Debian 12`). */
  osTemplate: string;
  planId: number;
  /** IPv4 addresses: the included one plus the extra ones ordered. */
  ipv4Count: number;
}

export interface CreatedVps {
  vpsid: number;
  hostname: string;
  ipv4: string[];
  ipv6: string[];
}

/** Creating and deleting first-generation VPSs for ordered services. */
export interface VpsProvisioning {
  createVps(spec: NewVps): Promise<CreatedVps>;
  /** The VPSs with this hostname, oldest first (a creation whose answer was lost is found so). */
  findVpsByHostname(hostname: string): Promise<CreatedVps[]>;
  /** Nothing when it is gone already. */
  deleteVps(vpsid: number): Promise<void>;
}

const UPSTREAM = 'virtualizor';
const text = z.union([z.string(), z.number()]).transform(String);
/** A PHP array: an object when it has keys, `[]` when empty. */
const phpMap = <T extends z.ZodType>(value: T) =>
  z.union([z.record(z.string(), value), z.array(value)]).transform((map) => Object.values(map));

const addvsFormAnswer = z.object({
  oses: phpMap(z.object({ osid: text, name: text, filename: text.optional() })),
});
const addvsAnswer = z.object({
  newvs: z.object({
    vpsid: z.coerce.number().int().positive(),
    hostname: text,
    ips: phpMap(z.string()).optional(),
    ipv6: phpMap(z.string()).optional(),
  }),
});
const vsAnswer = z.object({
  vs: phpMap(
    z.object({ vpsid: z.coerce.number().int(), hostname: text, ips: phpMap(z.string()).optional() }),
  ),
});

/** Lower-case letters and digits only: `debian-12`, `Debian 12` and `debian-12-x86_64.img` meet. */
const squash = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The Virtualizor admin API (`/index.php?act=…&api=json&adminapikey=…&adminapipass=…`), for what
 * the end-user API cannot do: create a VPS (`addvs`, for the panel's user, on a node the panel
 * picks) and delete one (`vs&delete=`). A creation is never retried by the HTTP client; the
 * provisioning job looks the VPS up by hostname before it creates again.
 */
export class VirtualizorAdminClient implements VpsProvisioning {
  readonly #http: UpstreamHttp;
  readonly #options: VirtualizorAdminClientOptions;

  constructor(options: VirtualizorAdminClientOptions) {
    this.#options = options;
    this.#http = new UpstreamHttp({
      upstream: UPSTREAM,
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
    });
  }

  async createVps(spec: NewVps): Promise<CreatedVps> {
    const osid = await this.#osid(spec.osTemplate);
    const answer = await this.#call(
      'addvs',
      { virt: 'kvm' },
      {
        addvps: 1,
        node_select: 1,
        uid: this.#options.userId,
        hostname: spec.hostname,
        rootpass: spec.rootPassword,
        osid,
        plid: spec.planId,
        num_ips: spec.ipv4Count,
        num_ips6: 1,
      },
    );
    const { newvs } = parseAnswer('addvs', addvsAnswer, answer);
    return {
      vpsid: newvs.vpsid,
      hostname: newvs.hostname,
      ipv4: newvs.ips ?? [],
      ipv6: newvs.ipv6 ?? [],
    };
  }

  async findVpsByHostname(hostname: string): Promise<CreatedVps[]> {
    const { vs } = parseAnswer('vs', vsAnswer, await this.#call('vs', { vpshostname: hostname }));
    return vs
      .filter((vps) => vps.hostname.toLowerCase() === hostname.toLowerCase())
      .sort((a, b) => a.vpsid - b.vpsid)
      .map((vps) => {
        const ips = vps.ips ?? [];
        return {
          vpsid: vps.vpsid,
          hostname: vps.hostname,
          ipv4: ips.filter((ip) => !ip.includes(':')),
          ipv6: ips.filter((ip) => ip.includes(':')),
        };
      });
  }

  async deleteVps(vpsid: number): Promise<void> {
    const { vs } = parseAnswer('vs', vsAnswer, await this.#call('vs', { vpsid: String(vpsid) }));
    if (!vs.some((vps) => vps.vpsid === vpsid)) return;
    await this.#call('vs', { delete: String(vpsid) });
  }

  /** The osid of a template given by id or by name, from what the creation form offers. */
  async #osid(osTemplate: string): Promise<string> {
    if (/^\d+$/.test(osTemplate)) return osTemplate;
    const { oses } = parseAnswer('addvs', addvsFormAnswer, await this.#call('addvs', {}));
    const wanted = squash(osTemplate);
    const match = oses.find(
      (os) => squash(os.name) === wanted || squash(os.filename ?? '').startsWith(wanted),
    );
    if (!match) {
      throw new UpstreamError(
        UPSTREAM,
        502,
        `no OS template named ${osTemplate}`,
        `The operating system ${osTemplate} is not available.`,
      );
    }
    return match.osid;
  }

  async #call(
    act: string,
    query: Record<string, string>,
    form?: Record<string, string | number>,
  ): Promise<unknown> {
    const response = await this.#http.request({
      method: form ? 'POST' : 'GET',
      path: '/index.php',
      query: {
        act,
        ...query,
        api: 'json',
        adminapikey: this.#options.apiKey,
        adminapipass: this.#options.apiPass,
      },
      form,
      // Listing is a read; a delete sent twice deletes once; a creation is sent once only.
      idempotent: act !== 'addvs' || !form,
    });
    if (response.status === 401 || response.status === 403) {
      throw new UpstreamError(UPSTREAM, 502, `act=${act}: the admin API key and pass were refused`);
    }
    if (response.status >= 400)
      throw new UpstreamError(UPSTREAM, 502, `act=${act} answered ${response.status}`);
    const refusal = refusalAnswer.safeParse(response.body);
    if (!refusal.success) throw unexpectedAnswer(act, response.body);
    if (Object.keys(refusal.data.error).length > 0) {
      throw new UpstreamError(
        UPSTREAM,
        502,
        `act=${act} refused: ${JSON.stringify(refusal.data.error).slice(0, 300)}`,
        'The platform refused to create the server.',
      );
    }
    return response.body;
  }
}
