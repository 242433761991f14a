import { Alert, Stack } from '@mantine/core';
import type { InvoiceStatus } from '@rackdesk/contract';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useSearchParams } from '../../../lib/routing.tsx';
import { invoiceBanners } from '../utils/invoice-banners.ts';

/** The order and payment banners the address asks for (portal spec §2 Invoices). */
export function InvoiceBanners({ status }: { status: InvoiceStatus }) {
  const banners = invoiceBanners(useSearchParams()[0], status);
  if (banners.length === 0) return null;
  return (
    <Stack gap="sm" data-no-print>
      {banners.map((banner) => (
        <Alert
          key={banner.key}
          role={banner.tone === 'error' ? 'alert' : 'status'}
          color={banner.tone === 'error' ? 'red' : 'green'}
          variant="light"
          title={banner.title}
          icon={
            banner.tone === 'error' ? (
              <IconAlertTriangle aria-hidden="true" />
            ) : (
              <IconCircleCheck aria-hidden="true" />
            )
          }
        >
          {banner.text}
        </Alert>
      ))}
    </Stack>
  );
}
