import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { Link } from '../../../lib/routing.tsx';
import { notify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useDownloadInvoicePdf } from '../api/download-invoice-pdf.ts';
import { failureMessage } from '../utils/failure-message.ts';
import './invoice-print.css';

/** Print (the print stylesheet leaves the invoice alone), Download (the server's PDF), and help. */
export function InvoiceActions({ invoiceId }: { invoiceId: number }) {
  const download = useDownloadInvoicePdf(invoiceId);
  return (
    <Group justify="space-between" gap="sm" data-no-print>
      <Text size="sm">
        Questions about this invoice?{' '}
        <Anchor component={Link} to={paths.support}>
          Contact support
        </Anchor>
        .
      </Text>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden="true" />}
          onClick={() => window.print()}
        >
          Print
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onError: (error) =>
                notify(failureMessage(error, 'The invoice could not be downloaded.'), 'error'),
            })
          }
        >
          Download
        </Button>
      </Group>
    </Group>
  );
}
