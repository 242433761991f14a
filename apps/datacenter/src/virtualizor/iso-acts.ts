import { type ActHandler, done, isAction, refused } from './acts.ts';
import { addIso, ISO_DOWNLOAD_MS, isoAddErrors, isoRow } from './isos.ts';
import { scaledMs, type VirtualizorState } from './state.ts';

/** `act=addiso`: POST `addiso`, `iso_url`, `filename` starts downloading an ISO for the API user. */
export const addiso: ActHandler = (request) => {
  if (!isAction(request)) return { body: {} };
  const { iso_url: url, filename } = request.form;
  const errors = isoAddErrors(request.state, url, filename);
  if (Object.keys(errors).length > 0 || !url || !filename) return refused(errors);
  const iso = addIso(request.state, { url, filename }, request.now, scaledMs(request.ctx, ISO_DOWNLOAD_MS));
  request.changed = true;
  return done('The ISO is being downloaded', { uuid: iso.uuid });
};

/** Ejects a deleted ISO from every VPS that had it inserted. */
function eject(state: VirtualizorState, filename: string): void {
  for (const vps of Object.values(state.vps)) {
    if (vps.iso === filename) vps.iso = '';
    if (vps.secIso === filename) vps.secIso = '';
  }
}

/** `act=euiso`: GET lists the API user's ISOs by uuid; POST `del=<uuid>[,<uuid>…]` deletes. */
export const euiso: ActHandler = (request) => {
  const { state, now } = request;
  if (!isAction(request) || request.form.del === undefined) {
    const isos = Object.fromEntries(Object.values(state.isos).map((iso) => [iso.uuid, isoRow(iso, now)]));
    return { body: { isos } };
  }
  const uuids = request.form.del.split(',').map((uuid) => uuid.trim());
  if (uuids.some((uuid) => !state.isos[uuid])) return refused({ del: 'The ISO was not found' });
  for (const uuid of uuids) {
    eject(state, state.isos[uuid]!.filename);
    delete state.isos[uuid];
  }
  request.changed = true;
  return done('The ISO was deleted');
};
