import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/ThemeIcon.css';
import type { User } from '@rackdesk/contract';
import type { ReactNode } from 'react';
import { AccountDetailsTab } from '../../features/account/components/account-details-tab.tsx';
import { SshKeyAddDialog } from '../../features/account/components/ssh-key-add-dialog.tsx';
import { InlineAuthPanel } from '../../features/auth/components/inline-auth-panel.tsx';
import { LogoutButton } from '../../features/auth/components/logout-button.tsx';
import { UnverifiedEmailBanner } from '../../features/auth/components/unverified-email-banner.tsx';
import { ConfigurePage } from '../../features/order/components/configure-page.tsx';
import { OrderIndexPage } from '../../features/order/components/order-index-page.tsx';
import { type OrderSlots, OrderSlotsProvider } from '../../features/order/components/order-slots.tsx';

/** The order wizard with what it shows of the auth and account features (portal spec §2). */
const slots: OrderSlots = {
  AuthPanel: InlineAuthPanel,
  UnverifiedEmailBanner: ({ user }: { user: User }) => (
    <UnverifiedEmailBanner email={user.email} verified={user.email_verified} />
  ),
  LogoutButton,
  SshKeyAddDialog,
  ProfileForm: AccountDetailsTab,
};

const Wizard = ({ children }: { children: ReactNode }) => (
  <OrderSlotsProvider slots={slots}>{children}</OrderSlotsProvider>
);

/** /order: Select Service Type, then Select Server. */
export const OrderRoute = () => (
  <Wizard>
    <OrderIndexPage />
  </Wizard>
);

/** /order/{id}: a dedicated server (or any product, which moves to its own page). */
export const OrderDedicatedRoute = () => (
  <Wizard>
    <ConfigurePage kind="dedicated" />
  </Wizard>
);

export const OrderVpsRoute = () => (
  <Wizard>
    <ConfigurePage kind="vps" />
  </Wizard>
);

export const OrderStorageRoute = () => (
  <Wizard>
    <ConfigurePage kind="storage" />
  </Wizard>
);
