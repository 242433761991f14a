// The card brings its table's styles: it sits on the pages of three kinds of server.
import '@mantine/core/styles/Table.css';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { isValidRdnsHostname, RdnsText, type RdnsEntry, type RdnsType } from '@rackdesk/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useEffect, useMemo } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useRdns } from '../api/get-rdns.ts';
import { useSaveRdns } from '../api/save-rdns.ts';
import { editableIps, readOnlyText, rowErrors, toRdnsRows } from '../utils/rdns-rows.ts';

export interface ManageRdnsCardProps {
  serviceId: number;
  /** The platform of the server (the `type` of the rDNS calls). */
  type: RdnsType;
  /** Every address of the server, in the order to show them. */
  ips: readonly string[];
  /** Addresses the page does not let the customer change beyond the internal ones (shown N/A). */
  isReadOnly?: (ip: string) => boolean;
  locked?: boolean;
  suspended?: boolean;
}

interface RdnsFormValues {
  /** One hostname per editable address, in the order of `editableIps`. */
  hosts: string[];
}

const DEFAULT_TTL = 3600;

/** Enter would submit the form; the spec blocks it so that only 'Save rDNS' saves. */
const blockEnter = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

/**
 * The 'Manage rDNS' table (servers spec §2, §5): one row per address, internal ones read-only as
 * 'Internal IP', others the page marks read-only as 'N/A'; 'Save rDNS' saves every editable row.
 */
export function ManageRdnsCard({
  serviceId,
  type,
  ips,
  isReadOnly,
  locked = false,
  suspended = false,
}: ManageRdnsCardProps) {
  const rows = useMemo(() => toRdnsRows(ips, isReadOnly), [ips, isReadOnly]);
  const editable = useMemo(() => editableIps(rows), [rows]);
  const query = useRdns(serviceId, type, editable);
  const save = useSaveRdns(serviceId, type);
  const form = useForm<RdnsFormValues>({ mode: 'controlled', initialValues: { hosts: [] } });

  const entries = query.data;
  const entryOf = (ip: string): RdnsEntry | undefined => entries?.find((entry) => entry.ip === ip);

  // Loaded (or reloaded) records fill the inputs unless the customer is editing them.
  useEffect(() => {
    if (!entries || form.isDirty()) return;
    const values = { hosts: editable.map((ip) => entries.find((entry) => entry.ip === ip)?.host ?? '') };
    form.setInitialValues(values);
    form.setValues(values);
  }, [entries, editable]); // The form object is new on every render; its state is not.

  const validate = () => {
    let valid = true;
    form.values.hosts.forEach((host, index) => {
      if (!isValidRdnsHostname(host.trim())) {
        form.setFieldError(`hosts.${index}`, RdnsText.invalidHostname);
        valid = false;
      }
    });
    return valid;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editable.length === 0 || form.values.hosts.length === 0) {
      notify(RdnsText.noneToSave, 'error');
      return;
    }
    form.clearErrors();
    if (!validate()) return;
    const hostnames = form.values.hosts.map((host) => host.trim());
    save.mutate(
      {
        ip_list: editable,
        hostname_list: hostnames,
        ttl_list: editable.map((ip) => entryOf(ip)?.ttl ?? DEFAULT_TTL),
      },
      {
        onSuccess: (answer) => {
          const values = {
            hosts: editable.map((ip) => answer.entries.find((entry) => entry.ip === ip)?.host ?? ''),
          };
          form.setInitialValues(values);
          form.setValues(values);
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          for (const [index, message] of rowErrors(error.errors))
            form.setFieldError(`hosts.${index}`, message);
        },
      },
    );
  };

  const loaded = query.isSuccess || editable.length === 0;
  const canSave = !locked && !suspended && !save.isPending && editable.length > 0 && loaded;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="manage-rdns-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between" align="center">
            <Title order={2} size="h4" id="manage-rdns-title">
              Manage rDNS
            </Title>
            <Button type="submit" disabled={!canSave} loading={save.isPending}>
              Save rDNS
            </Button>
          </Group>
          {suspended || locked ? (
            <Text size="sm" c="dimmed">
              Reverse DNS cannot be changed while the server is {suspended ? 'suspended' : 'locked'}.
            </Text>
          ) : null}
          {query.isError ? (
            <Alert
              color="red"
              variant="light"
              title="The rDNS records could not be loaded."
              icon={<IconAlertTriangle aria-hidden="true" />}
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {query.error instanceof DOMException && query.error.name === 'TimeoutError'
                    ? 'The lookup took too long.'
                    : 'Please try again in a moment.'}
                </Text>
                <Button size="xs" variant="default" onClick={() => void query.refetch()}>
                  Try Again
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {rows.length === 0 ? (
            <Text c="dimmed">No IP addresses are assigned to this server.</Text>
          ) : (
            <ScrollArea type="auto">
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">IP Address</Table.Th>
                    <Table.Th scope="col">Reverse DNS</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => {
                    const index = editable.indexOf(row.ip);
                    return (
                      <Table.Tr key={row.ip}>
                        <Table.Td ff="monospace">{row.ip}</Table.Td>
                        <Table.Td>
                          {row.readOnly ? (
                            <Text size="sm" c="dimmed">
                              {readOnlyText[row.readOnly]}
                            </Text>
                          ) : query.isPending ? (
                            <Group gap="xs">
                              <Loader size="xs" aria-hidden="true" />
                              <Text size="sm" c="dimmed">
                                Loading...
                              </Text>
                            </Group>
                          ) : query.isError ? (
                            <Text size="sm" c="dimmed">
                              Unavailable
                            </Text>
                          ) : (
                            <TextInput
                              aria-label={`Reverse DNS for ${row.ip}`}
                              miw={140}
                              placeholder="host.example.com"
                              disabled={locked || suspended}
                              onKeyDown={blockEnter}
                              value={form.values.hosts[index] ?? ''}
                              onChange={(event) =>
                                form.setFieldValue(`hosts.${index}`, event.currentTarget.value)
                              }
                              error={form.errors[`hosts.${index}`]}
                            />
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
        </Stack>
      </form>
    </Card>
  );
}
