import { Stack, Text } from '@mantine/core';
import type { TicketReply } from '@rackdesk/contract';
import { threadOldestFirst } from '../utils/thread.ts';
import { TicketMessage } from './ticket-message.tsx';

interface TicketThreadProps {
  tid: string;
  replies: readonly TicketReply[];
  canSeeImages: boolean;
}

/** The messages of a ticket, oldest first (the opening message on top). */
export function TicketThread({ tid, replies, canSeeImages }: TicketThreadProps) {
  if (replies.length === 0) return <Text c="dimmed">No messages in this ticket yet.</Text>;
  // Polite: a staff answer that arrives live is read out once the reader is idle.
  return (
    <Stack
      component="ol"
      aria-label="Messages"
      aria-live="polite"
      gap="md"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {threadOldestFirst(replies).map((reply) => (
        <li key={reply.replyid}>
          <TicketMessage tid={tid} reply={reply} canSeeImages={canSeeImages} />
        </li>
      ))}
    </Stack>
  );
}
