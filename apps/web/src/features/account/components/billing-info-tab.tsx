import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Group, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type Card, CardText } from '@rackdesk/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeletion } from '../../../components/confirm-dialog.tsx';
import { InlineLoadError } from '../../../components/inline-load-error.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useCards } from '../../../lib/cards.ts';
import { notify } from '../../../lib/notify.ts';
import { useDeleteCard } from '../api/delete-card.ts';
import { useSetDefaultCard } from '../api/set-default-card.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { CardAddDialog } from './card-add-dialog.tsx';
import { CardsTable } from './cards-table.tsx';

/**
 * Billing Info (portal spec §2 Account, §4, §5, §8; hidden from sub-accounts without billing): the
 * saved cards, adding one (a verified e-mail address needed), deleting one, choosing the default.
 */
export function BillingInfoTab() {
  const { data: user } = useCurrentUser();
  const cards = useCards();
  const remove = useDeleteCard();
  const makeDefault = useSetDefaultCard();
  const [addOpened, addDialog] = useDisclosure(false);
  const [toDelete, setToDelete] = useState<Card | null>(null);

  const openAdd = () => {
    if (!user?.email_verified) notify(CardText.emailUnverified, 'error');
    else addDialog.open();
  };

  return (
    <SectionCard
      title="Saved Cards"
      description="Cards you can pay invoices with. The default card is the one chosen first."
    >
      <Group>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={openAdd}>
          Add Card
        </Button>
      </Group>
      {cards.isPending ? (
        <Loader size="sm" aria-label="Loading saved cards" />
      ) : cards.isError ? (
        <InlineLoadError
          message="The saved cards could not be loaded."
          onRetry={() => void cards.refetch()}
        />
      ) : (
        <CardsTable
          cards={cards.data}
          onDelete={setToDelete}
          onMakeDefault={(card) => makeDefault.mutate(card)}
          makingDefault={makeDefault.isPending ? makeDefault.variables?.id : undefined}
        />
      )}
      <CardAddDialog opened={addOpened} onClose={addDialog.close} />
      <ConfirmDeletion
        item={toDelete}
        title="Delete Card"
        deletion={remove}
        onClose={() => setToDelete(null)}
      >
        Delete the card{' '}
        <strong>
          {toDelete?.card_type} ending in {toDelete?.card_last_four}
        </strong>
        ? It can no longer pay invoices{toDelete?.is_default ? ', and another card becomes the default' : ''}.
      </ConfirmDeletion>
    </SectionCard>
  );
}
