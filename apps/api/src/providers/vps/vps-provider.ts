import type { VpsBootOrder, VpsDetail, VpsIso, VpsStats, VpsTemplate, VpsVnc } from '@rackdesk/contract';

/**
 * What the panel needs from the platform behind first-generation VPS: one method per call of the
 * servers spec §7 "VPS (first generation)", answering the contract's shapes. `vpsId` is the id on
 * the platform (the service's upstream id), not the panel's service id.
 *
 * Errors: an unknown VPS or ISO is AppError 404; input the platform refuses is AppError 422 on the
 * spec's field; an action on a locked or busy VPS is AppError 409; anything else the platform does
 * wrong is UpstreamError (502, or 504 when it does not answer in time).
 */
export interface VpsProvider {
  /** GET services/vps/{id}. */
  getVps(vpsId: number): Promise<VpsDetail>;
  /** PATCH services/vps/{id}/hostname. */
  changeHostname(vpsId: number, hostname: string): Promise<void>;
  /** POST services/vps/{id}/restart. */
  restart(vpsId: number): Promise<void>;
  /** POST services/vps/{id}/start. */
  start(vpsId: number): Promise<void>;
  /** POST services/vps/{id}/powerOff: cuts the power, as opposed to an ACPI shutdown. */
  powerOff(vpsId: number): Promise<void>;
  /** GET services/vps/iso: the ISOs of the API user, not of one VPS. */
  listIsos(): Promise<VpsIso[]>;
  /** POST services/vps/iso/add: starts downloading the owner's ISO; it is queued until complete. */
  addIso(ownerId: number, url: string): Promise<VpsIso>;
  /** DELETE services/vps/iso/{id}. */
  deleteIso(isoId: number): Promise<void>;
  /** GET services/vps/{id}/stats/{YYYYMM}. */
  getStats(vpsId: number, month: string): Promise<VpsStats>;
  /** GET services/vps/{id}/templates. */
  listTemplates(vpsId: number): Promise<VpsTemplate[]>;
  /** POST services/vps/{id}/insert: names of the owner's ISOs (as listed), '' to eject a drive. */
  insertIsos(vpsId: number, ownerId: number, isos: { iso: string; sec_iso: string }): Promise<void>;
  /** POST services/vps/{id}/boot. */
  setBootOrder(vpsId: number, order: VpsBootOrder): Promise<void>;
  /** POST services/vps/{id}/rebuild: the VPS stays locked while it reinstalls. */
  reinstall(vpsId: number, request: { osid: string; password: string }): Promise<void>;
  /** POST services/vps/{id}/reset-password: sets the given password, or one generated here, and returns it. */
  resetPassword(vpsId: number, password?: string): Promise<{ password: string }>;
  /** GET services/vps/{id}/vnc. */
  getVnc(vpsId: number): Promise<VpsVnc>;
}
