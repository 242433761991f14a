import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { templateNameError } from '../utils/user-templates-name.ts';

interface CreateTemplateDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Sends the request; the dialog closes once it is answered, whatever the answer. */
  onCreate: (name: string) => Promise<unknown>;
  creating: boolean;
}

/**
 * Create New Template: a name of letters, digits and underscores, checked as the spec words it,
 * and the note that only the largest partition is copied (servers spec §2, §5).
 */
export function CreateTemplateDialog({ opened, onClose, onCreate, creating }: CreateTemplateDialogProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '' },
    validate: { name: templateNameError },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(({ name }) => {
    onCreate(name.trim()).then(close, close);
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Create New Template"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Template Name"
            placeholder="my_template"
            data-autofocus
            maxLength={64}
            {...form.getInputProps('name')}
          />
          <Text size="sm" c="dimmed">
            Note: the template is created from the largest partition of your server only; other partitions and
            attached storage blocks are not included.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={creating}>
              Cancel
            </Button>
            <Button type="submit" loading={creating}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
