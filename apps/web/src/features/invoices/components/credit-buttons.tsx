import { Button, Group, Text } from '@mantine/core';
import { amountStringToCents, type InvoiceDetail } from '@rackdesk/contract';
import { useState } from 'react';
import type { CreditChange } from '../api/change-invoice-credit.ts';
import { creditActions, creditMaxCents } from '../utils/credit-form.ts';
import { todayUtc } from '../utils/invoice-status.ts';
import { CreditModal } from './credit-modal.tsx';

/** Apply Credit and Remove Credit, each where the rules of portal spec §4 offer it. */
export function CreditButtons({ invoice, accountCredit }: { invoice: InvoiceDetail; accountCredit: string }) {
  const [change, setChange] = useState<CreditChange | null>(null);
  const creditCents = amountStringToCents(accountCredit);
  const offered = creditActions(invoice, creditCents, todayUtc());
  if (!offered.apply && !offered.remove && change === null) return null;

  return (
    <Group gap="sm">
      <Text size="sm">
        Available credit:{' '}
        <Text span fw={700}>
          ${accountCredit} USD
        </Text>
      </Text>
      {offered.apply ? (
        <Button variant="light" onClick={() => setChange('apply')}>
          Apply Credit
        </Button>
      ) : null}
      {offered.remove ? (
        <Button variant="default" onClick={() => setChange('remove')}>
          Remove Credit
        </Button>
      ) : null}
      {change === null ? null : (
        <CreditModal
          change={change}
          invoice={invoice}
          maxCents={creditMaxCents(change, invoice, creditCents)}
          opened
          onClose={() => setChange(null)}
        />
      )}
    </Group>
  );
}
