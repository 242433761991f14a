import { Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import {
  type ServiceListItem,
  servicePath,
  serviceTypeLabel,
  serviceTypeOf,
  type ServiceType,
} from '@rackdesk/contract';
import { IconBox, IconDatabase, IconServer, IconServer2, IconServerBolt } from '@tabler/icons-react';
import { Link } from '../../../lib/routing.tsx';
import { type DataColumn, DataTable, type ServerPage } from '../../../components/data-table/data-table.tsx';
import { displayDate } from '../../../components/data-table/sorting.ts';
import { ServiceName } from '../../../components/service-name/service-name.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { paths } from '../../../lib/paths.ts';

const typeIcon: Record<ServiceType, typeof IconServer> = {
  vps: IconServer2,
  proxmox: IconServerBolt,
  dedicated: IconServer,
  storage: IconDatabase,
  misc: IconBox,
};

function NameCell({ service }: { service: ServiceListItem }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>
        <ServiceName name={service.status === 'Pending' ? 'PENDING' : service.domain} />
      </Text>
      <Group gap={4}>
        {service.invoice_id !== null ? (
          <Badge
            component={Link}
            to={paths.invoice(service.invoice_id)}
            color="red.8"
            variant="filled"
            style={{ cursor: 'pointer' }}
          >
            Invoice Due
          </Badge>
        ) : null}
        {service.cancellation ? (
          <Badge color="orange.9" variant="filled">
            Pending Cancellation
          </Badge>
        ) : null}
      </Group>
    </Stack>
  );
}

function TypeCell({ service }: { service: ServiceListItem }) {
  const type = serviceTypeOf(service.groupname);
  const Icon = typeIcon[type];
  return (
    <Tooltip label={serviceTypeLabel[type]}>
      <span role="img" aria-label={serviceTypeLabel[type]}>
        <Icon size={20} aria-hidden="true" />
      </span>
    </Tooltip>
  );
}

const columns: DataColumn<ServiceListItem>[] = [
  {
    id: 'name',
    header: 'Name',
    sortBy: { kind: 'string', value: (s) => s.domain },
    cell: (s) => <NameCell service={s} />,
  },
  {
    id: 'type',
    header: 'Type',
    sortBy: { kind: 'string', value: (s) => serviceTypeOf(s.groupname) },
    cell: (s) => <TypeCell service={s} />,
  },
  {
    id: 'ip',
    header: 'IP Address',
    sortBy: { kind: 'string', value: (s) => s.dedicatedip },
    cell: (s) => (s.status === 'Pending' ? 'pending' : s.dedicatedip || '—'),
  },
  {
    id: 'price',
    header: 'Price',
    sortBy: { kind: 'number', value: (s) => s.recurringamount },
    cell: (s) => `$${s.recurringamount} USD ${s.billingcycle}`,
  },
  {
    id: 'nextduedate',
    header: 'Next due date',
    sortBy: { kind: 'date', value: (s) => s.nextduedate },
    cell: (s) => displayDate(s.nextduedate),
  },
  {
    id: 'status',
    header: 'Status',
    sortBy: { kind: 'string', value: (s) => s.status },
    cell: (s) => <StatusTag status={s.status} />,
  },
  {
    id: 'manage',
    header: 'Manage',
    cell: (s) => (
      <Button
        component={Link}
        to={servicePath(s)}
        size="xs"
        variant="light"
        aria-label={`Manage ${s.domain}`}
      >
        Manage
      </Button>
    ),
  },
];

interface ServicesTableProps {
  /** One page of the list, as the server gave it. */
  services: ServiceListItem[];
  page: ServerPage;
  emptyText: string;
}

/** The service list (servers spec §2): the column ids are the server's sort names. */
export function ServicesTable({ services, page, emptyText }: ServicesTableProps) {
  return (
    <DataTable
      caption="My services"
      data={services}
      columns={columns}
      rowKey={(s) => s.id}
      emptyText={emptyText}
      noMatchText={emptyText}
      serverPage={page}
    />
  );
}
