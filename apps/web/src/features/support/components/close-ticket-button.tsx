import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useCloseTicket } from '../api/close-ticket.ts';

/** 'Close Ticket', after a confirmation: a reply later opens the ticket again. */
export function CloseTicketButton({ tid, guestKey }: { tid: string; guestKey: string | null }) {
  const [opened, { open, close }] = useDisclosure(false);
  const closing = useCloseTicket();
  return (
    <>
      <Button variant="default" color="red" onClick={open}>
        Close Ticket
      </Button>
      <ConfirmDialog
        opened={opened}
        title="Close Ticket"
        confirmLabel="Close Ticket"
        confirmColor="red"
        loading={closing.isPending}
        onClose={close}
        onConfirm={() => closing.mutate({ tid, guestKey }, { onSettled: close })}
      >
        Close ticket #{tid}? You can still reply to it later, which opens it again.
      </ConfirmDialog>
    </>
  );
}
