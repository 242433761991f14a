import { Badge } from '@mantine/core';
import type { InvoiceStatus } from '@rackdesk/contract';
import { invoiceStatusColor } from '../utils/invoice-status.ts';

export function InvoiceStatusTag({ status, size }: { status: InvoiceStatus; size?: 'md' | 'lg' }) {
  return (
    <Badge variant="filled" color={invoiceStatusColor(status)} size={size}>
      {status}
    </Badge>
  );
}
