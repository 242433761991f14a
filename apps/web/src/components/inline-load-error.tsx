import { Button, Group, Text } from '@mantine/core';

interface InlineLoadErrorProps {
  /** What could not be loaded, as a sentence: 'The backups could not be loaded.'. */
  message: string;
  onRetry: () => void;
}

/** A part of a card that could not be loaded: the sentence and a small Try Again. */
export function InlineLoadError({ message, onRetry }: InlineLoadErrorProps) {
  return (
    <Group gap="sm" role="alert">
      <Text size="sm">{message}</Text>
      <Button size="xs" variant="default" onClick={onRetry}>
        Try Again
      </Button>
    </Group>
  );
}
