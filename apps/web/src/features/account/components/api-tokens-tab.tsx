import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Tooltip.css';
import { Button, Group, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ApiToken } from '@rackdesk/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeletion } from '../../../components/confirm-dialog.tsx';
import { InlineLoadError } from '../../../components/inline-load-error.tsx';
import { useDeleteApiToken } from '../api/delete-api-token.ts';
import { useApiTokens } from '../api/get-api-tokens.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { ApiTokenCreateDialog } from './api-token-create-dialog.tsx';
import { ApiTokensTable } from './api-tokens-table.tsx';

/**
 * API Tokens (owners only; portal spec §2, §3, §5): bearer tokens for scripts that act as the
 * owner, beyond the spec with a scope (read only or full access), an optional expiry and their
 * last use. A token is shown once, when it is created.
 */
export function ApiTokensTab() {
  const tokens = useApiTokens();
  const remove = useDeleteApiToken();
  const [createOpened, createDialog] = useDisclosure(false);
  const [toDelete, setToDelete] = useState<ApiToken | null>(null);

  return (
    <SectionCard
      title="API Tokens"
      description="Tokens let your scripts use the API as you. Send one as 'Authorization: Bearer <token>'. A read-only token can look but not change anything."
    >
      <Group>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={createDialog.open}>
          Create Token
        </Button>
      </Group>
      {tokens.isPending ? (
        <Loader size="sm" aria-label="Loading API tokens" />
      ) : tokens.isError ? (
        <InlineLoadError
          message="The API tokens could not be loaded."
          onRetry={() => void tokens.refetch()}
        />
      ) : (
        <ApiTokensTable tokens={tokens.data} onDelete={setToDelete} />
      )}
      <ApiTokenCreateDialog opened={createOpened} onClose={createDialog.close} />
      <ConfirmDeletion
        item={toDelete}
        title="Delete API Token"
        deletion={remove}
        onClose={() => setToDelete(null)}
      >
        Delete the token <strong>{toDelete?.description}</strong>? Scripts using it are refused from then on.
      </ConfirmDeletion>
    </SectionCard>
  );
}
