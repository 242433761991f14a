import { Anchor, Text } from '@mantine/core';
import Linkify from 'linkify-react';
import { messageLinkOptions } from '../utils/message-links.ts';

const renderLink = ({ attributes, content }: { attributes: Record<string, string>; content: string }) => (
  <Anchor {...attributes}>{content}</Anchor>
);

/**
 * A message as the plain text it is (issue 17 scope 3): React puts it into the page as text, so
 * markup in it shows as written and never runs; line breaks are kept (pre-wrap) and http, https
 * and mailto addresses become links, other schemes stay text.
 */
export function MessageText({ message }: { message: string }) {
  return (
    <Text component="div" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      <Linkify options={{ ...messageLinkOptions, render: renderLink }}>{message}</Linkify>
    </Text>
  );
}
