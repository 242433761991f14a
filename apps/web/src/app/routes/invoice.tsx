import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import { useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { AccountDetailsTab } from '../../features/account/components/account-details-tab.tsx';
import { InvoicePage } from '../../features/invoices/components/invoice-page.tsx';
import { useCurrentUser } from '../../lib/auth.ts';

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
