import { Table, Text } from '@mantine/core';

/** The one row of a table without rows, saying so. */
export function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta="center">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
