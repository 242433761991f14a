import { Badge, Button, Group, Text } from '@mantine/core';
import type { Card } from '@rackdesk/contract';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';

interface CardsTableProps {
  cards: Card[];
  onDelete: (card: Card) => void;
  onMakeDefault: (card: Card) => void;
  /** The card whose default change is under way. */
  makingDefault: number | undefined;
}

/** The saved cards: type, last four digits, expiry, the default badge, and their actions. */
export function CardsTable({ cards, onDelete, onMakeDefault, makingDefault }: CardsTableProps) {
  const columns: DataColumn<Card>[] = [
    {
      id: 'type',
      header: 'Card',
      cell: (card) => (
        <Group gap="xs">
          <Text size="sm">{card.card_type}</Text>
          {card.is_default ? (
            <Badge size="sm" variant="light" color="blue">
              Default
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { id: 'last4', header: 'Number', cell: (card) => <Text size="sm">•••• {card.card_last_four}</Text> },
    { id: 'expiry', header: 'Expires', cell: (card) => <Text size="sm">{card.expiry_date}</Text> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (card) => (
        <Group gap="xs">
          {card.is_default ? null : (
            <Button
              size="xs"
              variant="default"
              loading={makingDefault === card.id}
              aria-label={`Set as Default: ${card.card_type} ending in ${card.card_last_four}`}
              onClick={() => onMakeDefault(card)}
            >
              Set as Default
            </Button>
          )}
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            aria-label={`Delete ${card.card_type} ending in ${card.card_last_four}`}
            onClick={() => onDelete(card)}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <DataTable
      data={cards}
      columns={columns}
      rowKey={(card) => card.id}
      searchFields={[]}
      search=""
      emptyText="No saved cards yet. Add one to pay invoices by card."
      noMatchText="No cards found."
      caption="Saved cards"
    />
  );
}
