import type { SshKey, User } from '@rackdesk/contract';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/**
 * What the wizard shows from other features, handed in by the route that mounts it (a feature
 * never imports another): signing in or up in place, the account's unverified-email banner and
 * logout, the account page's Add SSH Key dialog and its details form.
 */
export interface OrderSlots {
  /** Login and Register with their toggles; signing in or up leaves the visitor on the checkout. */
  AuthPanel: ComponentType;
  /** The warning that orders are not processed until the e-mail is verified. */
  UnverifiedEmailBanner: ComponentType<{ user: User }>;
  LogoutButton: ComponentType;
  SshKeyAddDialog: ComponentType<{ opened: boolean; onClose: () => void; onAdded: (key: SshKey) => void }>;
  /** The account's details form, for 'Add Required Info'. */
  ProfileForm: ComponentType;
}

const OrderSlotsContext = createContext<OrderSlots | null>(null);

export function OrderSlotsProvider({ slots, children }: { slots: OrderSlots; children: ReactNode }) {
  return <OrderSlotsContext.Provider value={slots}>{children}</OrderSlotsContext.Provider>;
}

export function useOrderSlots(): OrderSlots {
  const slots = useContext(OrderSlotsContext);
  if (!slots) throw new Error('The order wizard is mounted without its slots.');
  return slots;
}
