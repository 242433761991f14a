import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/ThemeIcon.css';
import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ServiceListItem, Vps2Text } from '@rackdesk/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from '../../../lib/routing.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatUsd } from '../../../lib/money.ts';
import { notify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { Can } from '../../../lib/permissions.tsx';
import { type UpgradeOrder, useCreateUpgradeOrder } from '../api/upgrade-order.ts';
import { useUpgradeProducts } from '../api/upgrade-products.ts';
import {
  planSpecParts,
  productGroupIdOf,
  todayUtc,
  type UpgradeQuote,
  upgradeQuotes,
} from '../utils/upgrade-quote.ts';
import { InlineLoadError } from '../../../components/inline-load-error.tsx';

/** The spec's failure toast (servers spec §8). */
export const UPGRADE_FAILED_TOAST = 'Failed to create upgrade order';

interface UpgradeVmModalProps {
  serviceId: number;
  billing: ServiceListItem;
  opened: boolean;
  onClose: () => void;
}

/**
 * The Upgrade VM modal: the larger plans of the server's family with what each gives and costs,
 * the prorated price difference due now, and the order, which bills it and reboots the server.
 */
export function UpgradeVmModal({ serviceId, billing, opened, onClose }: UpgradeVmModalProps) {
  const groupId = productGroupIdOf(billing.groupname);
  const products = useUpgradeProducts(groupId, opened);
  const order = useCreateUpgradeOrder(serviceId);
  const form = useForm({
    mode: 'controlled',
    initialValues: { pid: '' },
    validate: { pid: (value) => (value === '' ? Vps2Text.upgradeSelectionRequired : null) },
  });
  const quotes = useMemo(
    () => (products.data ? upgradeQuotes(billing, products.data, todayUtc()) : undefined),
    [billing, products.data],
  );
  const selected = quotes?.find((quote) => String(quote.pid) === form.values.pid);
  // What was ordered, kept as it was: the plan changes under the modal once the order is made.
  const [ordered, setOrdered] = useState<UpgradeQuote>();

  const close = () => {
    onClose();
    form.reset();
    order.reset();
  };
  const submit = form.onSubmit(({ pid }) => {
    setOrdered(selected);
    order.mutate(Number(pid), { onError: () => notify(UPGRADE_FAILED_TOAST, 'error') });
  });
  const refusal =
    isApiError(order.error) &&
    order.error.status >= 400 &&
    order.error.status < 500 &&
    order.error.status !== 401
      ? (order.error.fieldError('pid') ?? order.error.message)
      : undefined;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Upgrade VM"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {order.data ? (
        <UpgradeDone order={order.data} quote={ordered} onClose={close} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              Move this server to a larger plan. You pay the price difference for the rest of the current
              billing period, and the server reboots automatically to apply the new resources.
            </Text>
            <Text size="sm">
              Current plan:{' '}
              <Text span fw={600}>
                {billing.name}
              </Text>{' '}
              (${billing.recurringamount} USD {billing.billingcycle})
            </Text>
            {quotes === undefined ? (
              products.isError ? (
                <InlineLoadError
                  message="The upgrade options could not be loaded."
                  onRetry={() => void products.refetch()}
                />
              ) : (
                <Loader size="sm" aria-label="Loading upgrade options" />
              )
            ) : quotes.length === 0 ? (
              <Text size="sm">There is no larger plan to upgrade to. Please contact support.</Text>
            ) : (
              <Radio.Group
                label="Upgrade options"
                {...form.getInputProps('pid')}
                onChange={(value) => {
                  form.setFieldValue('pid', value);
                  order.reset();
                }}
              >
                <Stack gap="xs" mt="xs">
                  {quotes.map((quote) => (
                    <UpgradeOption key={quote.pid} quote={quote} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            {selected ? <UpgradeSummary quote={selected} billingCycle={billing.billingcycle} /> : null}
            {refusal ? (
              <Alert color="red" variant="light">
                {refusal}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={order.isPending}>
                Cancel
              </Button>
              <Button
                type="submit"
                loading={order.isPending}
                disabled={quotes === undefined || quotes.length === 0}
              >
                Create Upgrade Order
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function UpgradeOption({ quote }: { quote: UpgradeQuote }) {
  return (
    <Radio.Card value={String(quote.pid)} radius="md" p="sm">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={3} />
        <Stack gap={2} style={{ flex: 1 }}>
          <Group justify="space-between" gap="xs">
            <Text fw={600}>{quote.name}</Text>
            <Text size="sm">{formatUsd(quote.monthlyCents)}/mo</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {planSpecParts(quote.spec).join(' · ')}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}

const displayDate = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });

function UpgradeSummary({ quote, billingCycle }: { quote: UpgradeQuote; billingCycle: string }) {
  if (!quote.charge) {
    return (
      <Alert color="yellow" variant="light">
        {Vps2Text.upgradeNotAvailable}
      </Alert>
    );
  }
  const { charge } = quote;
  return (
    <Stack gap={4} aria-label="Upgrade price" role="group">
      <Group justify="space-between">
        <Text fw={600}>Due now</Text>
        <Text fw={600}>{formatUsd(charge.amountCents)}</Text>
      </Group>
      <Text size="sm" c="dimmed">
        The price difference for the {charge.remainingDays} of {charge.periodDays} days left in this billing
        period (until {displayDate(charge.periodEnd)}).
      </Text>
      <Group justify="space-between">
        <Text size="sm">New recurring price</Text>
        <Text size="sm">
          {formatUsd(quote.newRecurringCents)} {billingCycle}
        </Text>
      </Group>
    </Stack>
  );
}

function UpgradeDone({
  order,
  quote,
  onClose,
}: {
  order: UpgradeOrder;
  quote: UpgradeQuote | undefined;
  onClose: () => void;
}) {
  return (
    <Stack gap="md" role="status">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="green" variant="light" size="lg" radius="xl">
          <IconCircleCheck size={20} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>Upgrade order created</Text>
      </Group>
      <Text size="sm">
        Invoice #{order.invoiceid}
        {quote?.charge ? ` for ${formatUsd(quote.charge.amountCents)}` : ''} has been created, and the server
        is rebooting{quote ? ` with the ${quote.name} plan` : ''}.
      </Text>
      <Group justify="flex-end">
        <Can permission="billing">
          <Button component={Link} to={paths.invoice(order.invoiceid)} variant="default">
            View Invoice
          </Button>
        </Can>
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
