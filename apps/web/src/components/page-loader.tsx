import { Center, Loader } from '@mantine/core';

/** A centred spinner for pages and sections that are loading. */
export function PageLoader() {
  return (
    <Center py="xl" mih={200}>
      <Loader aria-label="Loading" />
    </Center>
  );
}
