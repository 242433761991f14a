import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { TicketReply } from '@rackdesk/contract';
import { useId } from 'react';
import { formatTicketTime, parseNewYorkTime } from '../../../lib/ticket-format.ts';
import { attachedImages, authorOf, isStaffReply } from '../utils/thread.ts';
import { MessageText } from './message-text.tsx';
import { ReplyImages } from './reply-images.tsx';

interface TicketMessageProps {
  tid: string;
  reply: TicketReply;
  /** Guests cannot fetch images (the image call needs a signed-in user): their names only. */
  canSeeImages: boolean;
}

/**
 * One message of the thread: who wrote it (staff answers marked 'Staff' and set apart by colour
 * and side), when in the browser's time, the text, and its images.
 */
export function TicketMessage({ tid, reply, canSeeImages }: TicketMessageProps) {
  const headingId = useId();
  const staff = isStaffReply(reply);
  const author = authorOf(reply);
  const images = attachedImages(reply.attachment);
  const moment = parseNewYorkTime(reply.date);
  return (
    <Paper
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="md"
      bg={staff ? 'blue.0' : undefined}
      style={staff ? { borderLeft: '4px solid var(--mantine-color-blue-7)' } : undefined}
      data-staff={staff || undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" id={headingId} wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {author}
            </Text>
            {staff ? (
              <Badge color="blue.8" variant="filled" size="sm">
                Staff
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" component="time" dateTime={moment?.toISOString()}>
            {formatTicketTime(reply.date)}
          </Text>
        </Group>
        <MessageText message={reply.message} />
        {images.length > 0 && canSeeImages ? (
          <ReplyImages tid={tid} replyid={reply.replyid} names={images} author={author} />
        ) : null}
        {images.length > 0 && !canSeeImages ? (
          <Text size="sm" c="dimmed">
            {images.length === 1 ? '1 image attached' : `${images.length} images attached`}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
