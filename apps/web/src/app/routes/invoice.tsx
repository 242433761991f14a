import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import { Stack, Text, Title } from '@mantine/core';
import { Navigate } from '../../lib/routing.tsx';
import { useParams } from '../../lib/route-params.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { AccountDetailsTab } from '../../features/account/components/account-details-tab.tsx';
import { InlineAuthPanel } from '../../features/auth/components/inline-auth-panel.tsx';
import { InvoicePage } from '../../features/invoices/components/invoice-page.tsx';
import { useCurrentUser } from '../../lib/auth.ts';
import { hasPermission } from '../../lib/user-access.ts';
import { paths } from '../../lib/paths.ts';

/** A route id that cannot name an invoice answers like an unknown one. */
function useInvoiceId(): number {
  const parsed = Number(useParams().id);
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : 0;
}

/** /invoices/{id}: the invoice page, with the account's details form for 'Add Required Info'. */
export function InvoiceRoute() {
  const id = useInvoiceId();
  const { data: user } = useCurrentUser();
  if (!user) return <PageLoader />;
  return <InvoicePage id={id} user={user} profileForm={<AccountDetailsTab />} />;
}

/**
 * /order/invoice/{id} (portal spec §2 Order wizard): the order's invoice, to be paid there. The
 * route is public like the wizard's: a guest signs in (or up) in place and the invoice follows.
 */
export function OrderInvoiceRoute() {
  const id = useInvoiceId();
  const { data: user } = useCurrentUser();
  if (!user) {
    return (
      <Stack gap="lg" maw={520}>
        <Stack gap={4}>
          <Title order={1} size="h2">
            Your order's invoice
          </Title>
          <Text c="dimmed">Log in to view and pay this invoice.</Text>
        </Stack>
        <InlineAuthPanel />
      </Stack>
    );
  }
  if (!hasPermission(user, 'billing')) return <Navigate to={paths.dashboard} replace />;
  return <InvoicePage id={id} user={user} profileForm={<AccountDetailsTab />} />;
}
