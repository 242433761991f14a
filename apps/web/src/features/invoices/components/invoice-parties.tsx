import { SimpleGrid, Text } from '@mantine/core';
import type { InvoiceDetail, User } from '@rackdesk/contract';
import { SectionCard } from '../../../components/section-card.tsx';
import { invoicedToLines } from '../utils/invoiced-to.ts';

/** 'Invoiced To' (the account's details) and 'Pay To' (the provider, from the invoice). */
export function InvoiceParties({ invoice, user }: { invoice: InvoiceDetail; user: User }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <SectionCard title="Invoiced To">
        <Text component="address" style={{ whiteSpace: 'pre-line', fontStyle: 'normal' }}>
          {invoicedToLines(user).join('\n')}
        </Text>
      </SectionCard>
      <SectionCard title="Pay To">
        <Text component="address" style={{ whiteSpace: 'pre-line', fontStyle: 'normal' }}>
          {invoice.payto}
        </Text>
      </SectionCard>
    </SimpleGrid>
  );
}
