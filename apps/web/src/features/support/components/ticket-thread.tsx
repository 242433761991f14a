import { Stack } from '@mantine/core';
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
  return (
    <Stack component="ol" aria-label="Messages" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
      {threadOldestFirst(replies).map((reply) => (
        <li key={reply.replyid}>
          <TicketMessage tid={tid} reply={reply} canSeeImages={canSeeImages} />
        </li>
      ))}
    </Stack>
  );
}
