import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SupportText, TICKET_MESSAGE_MAX, type TicketStatus } from '@rackdesk/contract';
import { useId } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useReplyToTicket } from '../api/reply-to-ticket.ts';
import { type ReplyFormValues, replyFormRules, replyRefusal } from '../utils/reply-form.ts';
import { ImageAttachInput } from './image-attach-input.tsx';

interface TicketReplyFormProps {
  tid: string;
  guestKey: string | null;
  status: TicketStatus;
  /** Whether the API lets this caller attach images (never a guest). */
  canAttach: boolean;
}

/**
 * The reply form under the thread. A reply to a Closed ticket opens it again (the API does it),
 * and the button says so. After sending, the form clears and the thread is read again.
 */
export function TicketReplyForm({ tid, guestKey, status, canAttach }: TicketReplyFormProps) {
  const headingId = useId();
  const reply = useReplyToTicket();
  const form = useForm<ReplyFormValues>({
    mode: 'controlled',
    initialValues: { message: '', images: [] },
    validate: replyFormRules,
  });
  const closed = status === 'Closed';

  const submit = form.onSubmit((values) => {
    if (reply.isPending) return;
    reply.mutate(
      { tid, guestKey, message: values.message, images: canAttach ? values.images : [] },
      {
        onSuccess: () => {
          form.reset();
          notify(SupportText.replied, 'success');
        },
        onError: (error) => {
          const refusal = replyRefusal(error);
          if (refusal.field) form.setFieldError(refusal.field, refusal.message);
          else notify(refusal.message, 'error');
        },
      },
    );
  });

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id={headingId}>
            Reply
          </Title>
          {closed ? <Text size="sm">This ticket is closed. Sending a reply opens it again.</Text> : null}
          <Textarea
            label="Message"
            required
            autosize
            minRows={4}
            maxRows={16}
            maxLength={TICKET_MESSAGE_MAX}
            disabled={reply.isPending}
            {...form.getInputProps('message')}
          />
          {canAttach ? (
            <ImageAttachInput
              value={form.values.images}
              onChange={(files) => {
                form.setFieldValue('images', files);
                form.clearFieldError('images');
              }}
              error={typeof form.errors.images === 'string' ? form.errors.images : null}
              disabled={reply.isPending}
            />
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={reply.isPending}>
              {closed ? 'Reopen and Reply' : 'Submit Reply'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
