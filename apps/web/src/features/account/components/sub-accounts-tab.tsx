import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { type SubAccount, SubAccountText } from '@rackdesk/contract';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ConfirmDeletion } from '../../../components/confirm-dialog.tsx';
import { InlineLoadError } from '../../../components/inline-load-error.tsx';
import { ResendVerificationButton } from '../../../components/resend-verification-button.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useDeleteSubAccount } from '../api/delete-sub-account.ts';
import { useSubAccounts } from '../api/get-sub-accounts.ts';
import { subAccountName } from '../utils/sub-account-form.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { SubAccountDialog } from './sub-account-dialog.tsx';
import { SubAccountsTable } from './sub-accounts-table.tsx';

/** The dialog open: a new sub-account, or the one being edited. */
type Editing = { subAccount: SubAccount | null } | null;

/**
 * Sub-Accounts (owners only; portal spec §2, §3, §5, §6, §9): people who sign in with their own
 * e-mail and act on the owner's services within their permissions. Only an owner with a verified
 * e-mail may create one; until then the button says why and offers the verification mail again.
 */
export function SubAccountsTab() {
  const { data: user } = useCurrentUser();
  const subAccounts = useSubAccounts();
  const remove = useDeleteSubAccount();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<SubAccount | null>(null);
  const reasonId = useId();
  const verified = user?.email_verified ?? false;

  return (
    <SectionCard
      title="Sub-Accounts"
      description="Give others their own sign-in to your services, with only the permissions they need. A change applies from their next request."
    >
      <Stack gap="sm" align="flex-start">
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          disabled={!verified}
          aria-describedby={verified ? undefined : reasonId}
          onClick={() => setEditing({ subAccount: null })}
        >
          Create Sub-Account
        </Button>
        {verified ? null : (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm" id={reasonId}>
                {SubAccountText.verifiedEmailRequired}
              </Text>
              <ResendVerificationButton />
            </Stack>
          </Alert>
        )}
      </Stack>
      {subAccounts.isPending ? (
        <Loader size="sm" aria-label="Loading sub-accounts" />
      ) : subAccounts.isError ? (
        <InlineLoadError
          message="The sub-accounts could not be loaded."
          onRetry={() => void subAccounts.refetch()}
        />
      ) : (
        <SubAccountsTable
          subAccounts={subAccounts.data}
          onEdit={(subAccount) => setEditing({ subAccount })}
          onDelete={setToDelete}
        />
      )}
      {editing ? <SubAccountDialog subAccount={editing.subAccount} onClose={() => setEditing(null)} /> : null}
      <ConfirmDeletion
        item={toDelete}
        title="Delete Sub-Account"
        deletion={remove}
        onClose={() => setToDelete(null)}
      >
        Delete the sub-account <strong>{toDelete ? subAccountName(toDelete) : ''}</strong> ({toDelete?.email}
        )? It is signed out everywhere at once and can no longer sign in. Your services are not affected.
      </ConfirmDeletion>
    </SectionCard>
  );
}
