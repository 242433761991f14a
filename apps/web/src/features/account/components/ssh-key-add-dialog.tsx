import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SSH_KEY_PUBLIC_KEY_MAX, SSH_KEY_TITLE_MAX, type SshKey } from '@rackdesk/contract';
import { notify } from '../../../lib/notify.ts';
import { useAddSshKey } from '../api/add-ssh-key.ts';
import { sshKeyFieldErrors, sshKeyFormRules, SshKeyToast } from '../utils/ssh-keys.ts';

interface SshKeyAddDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Told of the key once added (the order wizard chooses it for the new server). */
  onAdded?: (key: SshKey) => void;
}

/** Add SSH Key: a title and one OpenSSH public key line, refusals placed as the spec says (§8). */
export function SshKeyAddDialog({ opened, onClose, onAdded }: SshKeyAddDialogProps) {
  const add = useAddSshKey();
  const form = useForm({
    mode: 'controlled',
    initialValues: { title: '', publicKey: '' },
    validate: sshKeyFormRules,
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    add.mutate(
      { title: values.title.trim(), publicKey: values.publicKey.trim() },
      {
        onSuccess: (response) => {
          onAdded?.(response.data);
          close();
        },
        onError: (error) => {
          const placed = Object.entries(sshKeyFieldErrors(error));
          if (placed.length === 0) notify(SshKeyToast.addFailed, 'error');
          for (const [field, message] of placed) form.setFieldError(field, message);
        },
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add SSH Key"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Title"
            placeholder="My laptop"
            required
            maxLength={SSH_KEY_TITLE_MAX}
            data-autofocus
            {...form.getInputProps('title')}
          />
          <Textarea
            label="Public Key"
            description="One line starting with ssh-ed25519, ssh-rsa or ecdsa-sha2-…, as in your .pub file."
            placeholder="ssh-ed25519 AAAA… you@computer"
            required
            autosize
            minRows={4}
            maxRows={10}
            maxLength={SSH_KEY_PUBLIC_KEY_MAX}
            spellCheck={false}
            autoComplete="off"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } }}
            {...form.getInputProps('publicKey')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add SSH Key
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
