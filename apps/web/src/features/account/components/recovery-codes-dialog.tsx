import { Button, Checkbox, Code, CopyButton, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { TwoFactorText } from '@rackdesk/contract';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../../../lib/auth.ts';
import { downloadTextFile } from '../../../lib/download-file.ts';
import { RECOVERY_CODES_FILE_NAME, recoveryCodesFileText } from '../utils/recovery-codes-file.ts';

interface RecoveryCodesDialogProps {
  /** The new codes, or null while there are none to show. */
  codes: string[] | null;
  onClose: () => void;
}

/**
 * New recovery codes, shown once (the server keeps only their hashes): Copy and Download, and the
 * dialog closes only after the user says the codes are saved.
 */
export function RecoveryCodesDialog({ codes, onClose }: RecoveryCodesDialogProps) {
  const { data: user } = useCurrentUser();
  const [saved, setSaved] = useState(false);
  const list = codes ?? [];
  const close = () => {
    setSaved(false);
    onClose();
  };
  const email = user?.sub_account?.email ?? user?.email ?? '';

  return (
    <Modal
      opened={codes !== null}
      onClose={close}
      title="Your recovery codes"
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      <Stack gap="md">
        <Text size="sm">{TwoFactorText.recoveryCodesNotice}</Text>
        <Text size="sm" fw={600}>
          They are shown only this once.
        </Text>
        <SimpleGrid
          cols={2}
          spacing="xs"
          verticalSpacing="xs"
          component="ul"
          aria-label="Recovery codes"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {list.map((code) => (
            <li key={code}>
              <Code fz="md" data-testid="recovery-code">
                {code}
              </Code>
            </li>
          ))}
        </SimpleGrid>
        <Group gap="sm">
          <CopyButton value={list.join('\n')} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                onClick={copy}
                leftSection={
                  copied ? (
                    <IconCheck size={16} aria-hidden="true" />
                  ) : (
                    <IconCopy size={16} aria-hidden="true" />
                  )
                }
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={() =>
              downloadTextFile(RECOVERY_CODES_FILE_NAME, recoveryCodesFileText(list, email, new Date()))
            }
          >
            Download
          </Button>
        </Group>
        <Checkbox
          label="I have saved these codes"
          checked={saved}
          onChange={(event) => setSaved(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button onClick={close} disabled={!saved}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
