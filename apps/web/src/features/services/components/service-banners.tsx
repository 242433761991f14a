import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import {
  DEFAULT_SUSPENSION_REASON,
  type ServiceListItem,
  type ServiceProvisioningStatus,
  voidableStatuses,
} from '@rackdesk/contract';
import { IconAlertTriangle, IconClock, IconInfoCircle } from '@tabler/icons-react';
import { Link } from '../../../lib/routing.tsx';
import { lightNotice } from '../../../lib/light-notice.ts';
import { paths } from '../../../lib/paths.ts';
import { useVoidCancellation } from '../api/cancellation.ts';

type BannerService = Pick<ServiceListItem, 'id' | 'status' | 'suspensionreason' | 'cancellation'> &
  Partial<Pick<ServiceListItem, 'invoice_id'>>;

/**
 * Suspended, Pending and pending-cancellation notices of a service page (servers spec §2, §4). A
 * Pending service ordered through the panel also says how its setup goes (`provisioning`).
 */
export function ServiceBanners({
  service,
  provisioning,
}: {
  service: BannerService;
  provisioning?: ServiceProvisioningStatus | null | undefined;
}) {
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
          {isBeingSetUp(service, provisioning) ? (
            <Text size="sm" fw={500}>
              This service is being set up.
            </Text>
          ) : null}
          <Text size="sm">Once setup is completed, you will receive an email with the service details.</Text>
        </Alert>
      ) : null}
      {service.status === 'Pending' && provisioning?.status === 'failed' ? (
        <SetupFailedBanner reason={provisioning.reason} />
      ) : null}
      <CancellationBanner service={service} />
    </Stack>
  );
}

/** Paid and on its way: an attempt runs, or the next one is due (an unpaid order waits for payment). */
function isBeingSetUp(service: BannerService, provisioning: ServiceProvisioningStatus | null | undefined) {
  if (provisioning?.status === 'running') return true;
  return provisioning?.status === 'waiting' && !service.invoice_id;
}

/** The setup of an ordered service gave up: why, and where to get help. */
function SetupFailedBanner({ reason }: { reason: string }) {
  return (
    <Alert {...lightNotice('red')} title="Setup Failed" icon={<IconAlertTriangle aria-hidden="true" />}>
      <Stack gap={4}>
        <Text size="sm">We could not set up this service. {reason}</Text>
        <Text size="sm">
          Nothing was charged again. Please{' '}
          <Anchor component={Link} to={paths.supportNew} size="sm">
            contact support
          </Anchor>{' '}
          and we will finish it for you.
        </Text>
      </Stack>
    </Alert>
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
