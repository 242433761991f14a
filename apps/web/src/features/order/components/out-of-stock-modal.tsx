import { Button, Modal, Stack, Text } from '@mantine/core';
import { OrderText, OUT_OF_STOCK_COUNTDOWN_SECONDS } from '@rackdesk/contract';
import { useEffect, useState } from 'react';

interface OutOfStockModalProps {
  name: string;
  /** Back to server selection: when the countdown ends, or at once. */
  onLeave: () => void;
}

/** '{name} is out of stock', counting down 7 seconds before going back (portal spec §2, §9). */
export function OutOfStockModal({ name, onLeave }: OutOfStockModalProps) {
  const [seconds, setSeconds] = useState(OUT_OF_STOCK_COUNTDOWN_SECONDS);
  useEffect(() => {
    if (seconds <= 0) {
      onLeave();
      return;
    }
    const timer = window.setTimeout(() => setSeconds((left) => left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds, onLeave]);

  return (
    <Modal
      opened
      onClose={onLeave}
      title={OrderText.outOfStock(name)}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text>
          Taking you back to server selection in{' '}
          <Text span fw={700} aria-live="polite">
            {seconds}
          </Text>{' '}
          {seconds === 1 ? 'second' : 'seconds'}.
        </Text>
        <Button onClick={onLeave}>Back to server selection</Button>
      </Stack>
    </Modal>
  );
}
