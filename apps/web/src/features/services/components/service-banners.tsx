import { Alert, Button, Stack, Text } from '@mantine/core';
import { DEFAULT_SUSPENSION_REASON, type ServiceListItem, voidableStatuses } from '@rackdesk/contract';
import { IconAlertTriangle, IconClock, IconInfoCircle } from '@tabler/icons-react';
import { lightNotice } from '../../../lib/light-notice.ts';
import { useVoidCancellation } from '../api/cancellation.ts';

type BannerService = Pick<ServiceListItem, 'id' | 'status' | 'suspensionreason' | 'cancellation'>;

/** Suspended, Pending and pending-cancellation notices of a service page (servers spec §2, §4). */
export function ServiceBanners({ service }: { service: BannerService }) {
  return (
    <Stack gap="sm">
      {service.status === 'Suspended' ? (
        <Alert
          {...lightNotice('yellow')}
          title="Service Suspended"
          icon={<IconAlertTriangle aria-hidden="true" />}
        >
          {service.suspensionreason || DEFAULT_SUSPENSION_REASON}
        </Alert>
      ) : null}
      {service.status === 'Pending' ? (
        <Alert {...lightNotice('blue')} title="Service Pending" icon={<IconClock aria-hidden="true" />}>
          Once setup is completed, you will receive an email with the service details.
        </Alert>
      ) : null}
      <CancellationBanner service={service} />
    </Stack>
  );
}

export function CancellationBanner({ service }: { service: BannerService }) {
  const voidRequest = useVoidCancellation(service.id);
  const { cancellation } = service;
  if (!cancellation) return null;
  return (
    <Alert
      {...lightNotice('orange')}
      title="Pending Cancellation"
      icon={<IconInfoCircle aria-hidden="true" />}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          A cancellation ({cancellation.type}) was requested on {cancellation.date.slice(0, 10)}. Reason:{' '}
          {cancellation.reason}
        </Text>
        {voidableStatuses.includes(service.status) ? (
          <Button
            size="xs"
            variant="default"
            loading={voidRequest.isPending}
            onClick={() => voidRequest.mutate()}
          >
            Void Cancellation Request
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
