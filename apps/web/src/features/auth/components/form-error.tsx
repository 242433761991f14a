import { Alert } from '@mantine/core';

/** The error of a whole form (not of one field), shown above its fields. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light">
      {message}
    </Alert>
  );
}
