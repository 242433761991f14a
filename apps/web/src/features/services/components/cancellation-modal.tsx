import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CANCELLATION_REASON_REQUIRED, type CancellationType, cancellationTypes } from '@rackdesk/contract';
import { useRequestCancellation } from '../api/cancellation.ts';

interface CancellationModalProps {
  serviceId: number;
  serviceName: string;
  opened: boolean;
  onClose: () => void;
}

/** Request Cancellation: a reason (required after trimming) and when (servers spec §5). */
export function CancellationModal({ serviceId, serviceName, opened, onClose }: CancellationModalProps) {
  const request = useRequestCancellation(serviceId);
  const form = useForm({
    mode: 'controlled',
    initialValues: { type: 'Immediate' as CancellationType, reason: '' },
    validate: { reason: (value) => (value.trim() === '' ? CANCELLATION_REASON_REQUIRED : null) },
  });

  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(({ type, reason }) => {
    request.mutate({ type, reason: reason.trim() }, { onSuccess: close });
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Request Cancellation"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            You are requesting the cancellation of <strong>{serviceName}</strong>.
          </Text>
          <Radio.Group label="Cancellation type" {...form.getInputProps('type')}>
            <Stack gap="xs" mt="xs">
              {cancellationTypes.map((type) => (
                <Radio key={type} value={type} label={type} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Reason for cancellation"
            required
            autosize
            minRows={3}
            maxLength={2000}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={request.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={request.isPending}>
              Submit Request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
