import type { Product } from '@rackdesk/contract';
import { isCustomTemplate, osFamilyOf } from './distributions.ts';

/**
 * The SSH keys section of the VPS page (portal spec §4): only when the chosen OS is not Windows
 * and not a custom template, the product takes keys (an `ssh_key_ids` custom field), and the user
 * is logged in (the keys are theirs). The page clears chosen keys when this turns false.
 */
export function sshKeysAllowed(input: {
  os: string | null;
  product: Pick<Product, 'customfields'>;
  loggedIn: boolean;
}): boolean {
  const { os, product, loggedIn } = input;
  if (!loggedIn) return false;
  if (!product.customfields.customfield.some((field) => field.name === 'ssh_key_ids')) return false;
  if (os === null) return true;
  return !isCustomTemplate(os) && osFamilyOf(os) !== 'windows';
}
