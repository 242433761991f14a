import type { VpsBootOrder, VpsDetail, VpsIso, VpsStats, VpsTemplate, VpsVnc } from '@rackdesk/contract';
import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { UpstreamHttp } from '../http-client.ts';
import { UpstreamError } from '../upstream-error.ts';
import { generateRootPassword } from './root-password.ts';
import {
  doneAnswer,
  euisoAnswer,
  hvmsettingsAnswer,
  parseAnswer,
  ostemplateAnswer,
  refusalAnswer,
  unexpectedAnswer,
  vncAnswer,
  vpsmanageAnswer,
  vpsStatsAnswer,
} from './virtualizor-answers.ts';
import {
  bootOrder,
  isoField,
  isoDriveValue,
  isoFilename,
  isoFromField,
  statsRow,
  vpsDetail,
  vpsIso,
  vpsTemplate,
} from './virtualizor-mapping.ts';
import { refusalError } from './virtualizor-refusals.ts';
import type { VpsProvider } from './vps-provider.ts';

export interface VirtualizorClientOptions {
  /** The end-user panel, such as https://vps.example.com:4083. */
  baseUrl: string;
  apiKey: string;
  apiPass: string;
  /** Per attempt. */
  timeoutMs: number;
}

type Params = Record<string, string | number>;

interface Call {
  svs?: number;
  query?: Params;
  /** A change: sent as POST, so the HTTP client never repeats it. */
  form?: Params;
}

const UPSTREAM = 'virtualizor';

/**
 * The Virtualizor end-user API (`/index.php?act=…&api=json&apikey=…&apipass=…`). Reads are GETs,
 * retried by UpstreamHttp; every change is a POST, which it never retries, including the power
 * acts that the SDK sends as GET with `do=1` (Virtualizor reads `act`, `svs` and `do` from the
 * query string either way). The credentials travel in the query string, as the API wants, and
 * UpstreamHttp logs only the path.
 */
export class VirtualizorClient implements VpsProvider {
  readonly #http: UpstreamHttp;
  readonly #credentials: { apikey: string; apipass: string };

  constructor(options: VirtualizorClientOptions) {
    this.#http = new UpstreamHttp({
      upstream: UPSTREAM,
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
    });
    this.#credentials = { apikey: options.apiKey, apipass: options.apiPass };
  }

  async getVps(vpsId: number): Promise<VpsDetail> {
    return vpsDetail(await this.#read('vpsmanage', vpsmanageAnswer, { svs: vpsId }));
  }

  async changeHostname(vpsId: number, hostname: string): Promise<void> {
    await this.#change('hostname', {
      svs: vpsId,
      form: { newhost: hostname, changehost: 'Change Hostname' },
    });
  }

  restart(vpsId: number): Promise<void> {
    return this.#power(vpsId, 'restart');
  }

  start(vpsId: number): Promise<void> {
    return this.#power(vpsId, 'start');
  }

  powerOff(vpsId: number): Promise<void> {
    return this.#power(vpsId, 'poweroff');
  }

  async listIsos(): Promise<VpsIso[]> {
    const { isos } = await this.#read('euiso', euisoAnswer, {});
    return isos.map(vpsIso).sort((a, b) => a.id - b.id);
  }

  async addIso(ownerId: number, url: string): Promise<VpsIso> {
    const filename = isoFilename(ownerId, url);
    await this.#change('addiso', { form: { addiso: 1, iso_url: url, filename } });
    const { isos } = await this.#read('euiso', euisoAnswer, {});
    const added = isos.filter((row) => (row.filename || row.iso) === filename).at(-1);
    if (!added)
      throw new UpstreamError(UPSTREAM, 502, `act=addiso accepted ${filename} but does not list it`);
    return vpsIso(added);
  }

  async deleteIso(isoId: number): Promise<void> {
    const iso = (await this.listIsos()).find((candidate) => candidate.id === isoId);
    if (!iso) throw AppError.notFound('The ISO was not found.');
    await this.#change('euiso', { form: { del: iso.uuid } });
  }

  async getStats(vpsId: number, month: string): Promise<VpsStats> {
    const answer = await this.#read('vps_stats', vpsStatsAnswer, { svs: vpsId, query: { show: month } });
    const rows = answer.vps_stats.map(statsRow).filter((row) => row !== undefined);
    return { month, rows: rows.sort((a, b) => a[1]! - b[1]!) };
  }

  async listTemplates(vpsId: number): Promise<VpsTemplate[]> {
    const answer = await this.#read('ostemplate', ostemplateAnswer, { svs: vpsId });
    const byDistro = answer.oslist[answer.virt ?? 'kvm'] ?? Object.values(answer.oslist)[0] ?? {};
    if (Array.isArray(byDistro)) return [];
    return Object.entries(byDistro).flatMap(([distro, rows]) => rows.map((row) => vpsTemplate(row, distro)));
  }

  async insertIsos(vpsId: number, ownerId: number, isos: { iso: string; sec_iso: string }): Promise<void> {
    const current = await this.#hvmsettings(vpsId);
    await this.#saveHvmsettings(vpsId, {
      boot: current.boot,
      iso: isoDriveValue(ownerId, isos.iso, current.iso),
      sec_iso: isoDriveValue(ownerId, isos.sec_iso, current.sec_iso),
    });
  }

  async setBootOrder(vpsId: number, order: VpsBootOrder): Promise<void> {
    const current = await this.#hvmsettings(vpsId);
    await this.#saveHvmsettings(vpsId, { boot: order, iso: current.iso, sec_iso: current.sec_iso });
  }

  async reinstall(vpsId: number, request: { osid: string; password: string }): Promise<void> {
    await this.#change('ostemplate', {
      svs: vpsId,
      form: { newos: request.osid, newpass: request.password, conf: request.password, reinsos: 'Reinstall' },
    });
  }

  async resetPassword(
    vpsId: number,
    password: string = generateRootPassword(),
  ): Promise<{ password: string }> {
    await this.#change('changepassword', {
      svs: vpsId,
      form: { newpass: password, conf: password, changepass: 'Change Password' },
    });
    return { password };
  }

  async getVnc(vpsId: number): Promise<VpsVnc> {
    const { info } = await this.#read('vnc', vncAnswer, { svs: vpsId, query: { novnc: vpsId } });
    return { token: info.token, pass: info.password, host: info.ip, port: info.port };
  }

  #power(vpsId: number, act: 'start' | 'restart' | 'poweroff'): Promise<void> {
    return this.#change(act, { svs: vpsId, query: { do: 1 }, form: {} });
  }

  /** The form sends every field each time, as Virtualizor's own settings form does. */
  async #hvmsettings(vpsId: number): Promise<{ boot: VpsBootOrder; iso: string; sec_iso: string }> {
    const { vps } = await this.#read('hvmsettings', hvmsettingsAnswer, { svs: vpsId });
    return { boot: bootOrder(vps.boot), iso: isoFromField(vps.iso), sec_iso: isoFromField(vps.sec_iso) };
  }

  #saveHvmsettings(
    vpsId: number,
    settings: { boot: VpsBootOrder; iso: string; sec_iso: string },
  ): Promise<void> {
    return this.#change('hvmsettings', {
      svs: vpsId,
      form: {
        hvmsettings: 1,
        boot: settings.boot,
        iso: isoField(settings.iso),
        sec_iso: isoField(settings.sec_iso),
      },
    });
  }

  async #read<T extends z.ZodType>(act: string, schema: T, call: Call): Promise<z.output<T>> {
    return parseAnswer(act, schema, await this.#call(act, call));
  }

  /** A change counts only when Virtualizor says `done`. */
  async #change(act: string, call: Call): Promise<void> {
    parseAnswer(act, doneAnswer, await this.#call(act, { ...call, form: call.form ?? {} }));
  }

  async #call(act: string, { svs, query = {}, form }: Call): Promise<unknown> {
    const response = await this.#http.request({
      method: form ? 'POST' : 'GET',
      path: '/index.php',
      query: { act, ...(svs === undefined ? {} : { svs }), ...query, api: 'json', ...this.#credentials },
      form,
    });
    if (response.status === 401 || response.status === 403) {
      throw new UpstreamError(
        UPSTREAM,
        502,
        `act=${act}: the API key and pass were refused (${response.status})`,
      );
    }
    if (response.status === 404) {
      throw svs === undefined ? AppError.notFound() : AppError.notFound('The VPS was not found.');
    }
    if (response.status >= 400) {
      throw new UpstreamError(UPSTREAM, 502, `act=${act} answered ${response.status}`);
    }
    const refusal = refusalAnswer.safeParse(response.body);
    if (!refusal.success) throw unexpectedAnswer(act, response.body);
    if (Object.keys(refusal.data.error).length > 0) throw refusalError(act, refusal.data.error);
    return response.body;
  }
}
