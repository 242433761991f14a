import { sha256, stableNumber } from './hashing.ts';
import type { SimIso, VirtualizorState } from './state.ts';

/** How long an ISO download takes at timeScale 1. */
export const ISO_DOWNLOAD_MS = 90_000;

const MB = 2 ** 20;
const FILENAME = /^[\w.-]{1,120}\.iso$/i;

/** What the add form refuses, keyed by field like Virtualizor's error arrays. */
export function isoAddErrors(
  state: VirtualizorState,
  url: string | undefined,
  filename: string | undefined,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!url || !isHttpUrl(url)) errors.iso_url = 'Please provide a valid http or https URL of the ISO';
  if (!filename || !FILENAME.test(filename)) {
    errors.filename =
      'The file name may only contain letters, digits, dots, dashes and underscores and must end in .iso';
  } else if (Object.values(state.isos).some((iso) => iso.filename === filename)) {
    errors.filename = 'An ISO with this file name already exists';
  }
  return errors;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function addIso(
  state: VirtualizorState,
  request: { url: string; filename: string },
  now: number,
  durationMs: number,
): SimIso {
  const digest = sha256(`${request.url}\n${now}\n${state.nextIsoId}`);
  const iso: SimIso = {
    isoid: state.nextIsoId,
    uuid: digest.slice(0, 16),
    filename: request.filename,
    url: request.url,
    sizeBytes: isoSize(request.url),
    addedAt: now,
    durationMs,
  };
  state.nextIsoId += 1;
  state.isos[iso.uuid] = iso;
  return iso;
}

/** Between 300 MB and 4.2 GB, fixed by the URL so the same ISO always weighs the same. */
function isoSize(url: string): number {
  return MB * (300 + (stableNumber(url) % 3900));
}

/** Bytes downloaded so far: the download advances evenly over its duration. */
export function downloadedBytes(iso: SimIso, now: number): number {
  const progress = Math.min(1, Math.max(0, (now - iso.addedAt) / iso.durationMs));
  return Math.floor(iso.sizeBytes * progress);
}

export function isDownloaded(iso: SimIso, now: number): boolean {
  return now >= iso.addedAt + iso.durationMs;
}

/** The row of `act=euiso`, in the fields Virtualizor lists for end-user ISOs. */
export function isoRow(iso: SimIso, now: number): Record<string, string> {
  const done = isDownloaded(iso, now);
  return {
    isoid: String(iso.isoid),
    uuid: iso.uuid,
    uid: '1',
    iso: iso.filename,
    filename: iso.filename,
    url: iso.url,
    size: String(iso.sizeBytes),
    downloaded: String(downloadedBytes(iso, now)),
    download_time: done ? String(Math.floor((iso.addedAt + iso.durationMs) / 1000)) : '0',
    deleted: '0',
  };
}

export function findIsoByFilename(state: VirtualizorState, filename: string): SimIso | undefined {
  return Object.values(state.isos).find((iso) => iso.filename === filename);
}
