/**
 * Where storage blocks are sold (portal spec §7 "Storage regions for purchase"): one storage
 * product per region. A block attaches only to a VPS v2 of its own region, and a VPS v2's region
 * is the end of its product group's name.
 */
export const STORAGE_PRODUCT_BY_REGION: Readonly<Record<string, number>> = { 'New York': 322, Chicago: 323 };

/** The region a storage product sells blocks in ('New York' for 322); '' for another product. */
export function storageRegionOf(pid: number): string {
  return Object.entries(STORAGE_PRODUCT_BY_REGION).find(([, product]) => product === pid)?.[0] ?? '';
}

/**
 * The region a VPS v2 is sold in, from its product group ('Cloud VPS - New York' → 'New York'):
 * storage blocks attach only to servers of their own location (servers spec §4).
 */
export function vps2Region(groupname: string): string {
  const separator = groupname.lastIndexOf(' - ');
  return separator === -1 ? '' : groupname.slice(separator + 3).trim();
}
