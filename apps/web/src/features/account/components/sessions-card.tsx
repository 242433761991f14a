import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { AccountSession } from '@rackdesk/contract';
import { useState } from 'react';
import { useNavigate } from '../../../lib/routing.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import { InlineLoadError } from '../../../components/inline-load-error.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSessions } from '../api/get-sessions.ts';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';
import { formatSessionTime } from '../utils/session-time.ts';
import { SectionCard } from '../../../components/section-card.tsx';

const sessionLabel = (session: AccountSession) => `${session.browser} on ${session.os}`;

/**
 * Active sessions (beyond the spec): every browser and client signed in, this one marked; sign
 * one out, or every one but this.
 */
export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const navigate = useNavigate();
  const [toRevoke, setToRevoke] = useState<AccountSession | null>(null);
  const [revokingOthers, setRevokingOthers] = useState(false);

  const columns: DataColumn<AccountSession>[] = [
    {
      id: 'browser',
      header: 'Browser',
      sortBy: { kind: 'string', value: (session) => session.browser },
      cell: (session) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{session.browser}</Text>
          {session.current ? (
            <Badge variant="filled" color="#1e6b30">
              This session
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      id: 'os',
      header: 'System',
      sortBy: { kind: 'string', value: (session) => session.os },
      cell: (s) => s.os,
    },
    { id: 'address', header: 'Address', cell: (session) => session.ip_address },
    {
      id: 'created',
      header: 'Signed in',
      sortBy: { kind: 'date', value: (session) => session.created_at },
      cell: (session) => formatSessionTime(session.created_at),
    },
    {
      id: 'last-used',
      header: 'Last active',
      sortBy: { kind: 'date', value: (session) => session.last_used_at },
      cell: (session) => formatSessionTime(session.last_used_at),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (session) => (
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          aria-label={`Sign out ${sessionLabel(session)}${session.current ? ' (this session)' : ''}`}
          onClick={() => setToRevoke(session)}
        >
          Sign out
        </Button>
      ),
    },
  ];

  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  const confirmRevoke = () => {
    if (!toRevoke) return;
    revoke.mutate(toRevoke, {
      onSuccess: (_response, session) => {
        if (session.current) navigate(paths.login, { replace: true });
      },
      onSettled: () => setToRevoke(null),
    });
  };

  return (
    <SectionCard
      title="Active Sessions"
      description="Browsers and apps signed in to your account. Sign out any you do not recognise."
    >
      {sessions.isPending ? (
        <Loader size="sm" aria-label="Loading sessions" />
      ) : sessions.isError ? (
        <InlineLoadError
          message="The sessions could not be loaded."
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <Stack gap="md">
          <Group>
            <Button variant="default" disabled={others === 0} onClick={() => setRevokingOthers(true)}>
              Sign out everywhere else
            </Button>
          </Group>
          <DataTable
            data={sessions.data}
            columns={columns}
            rowKey={(session) => session.id}
            searchFields={[]}
            search=""
            emptyText="No sessions found."
            noMatchText="No sessions found."
            caption="Active sessions"
          />
        </Stack>
      )}
      <ConfirmDialog
        opened={toRevoke !== null}
        title="Sign Out Session"
        confirmLabel="Sign out"
        confirmColor="red"
        loading={revoke.isPending}
        onClose={() => setToRevoke(null)}
        onConfirm={confirmRevoke}
      >
        {toRevoke?.current
          ? 'Sign out this browser? You will go to the sign-in page.'
          : `Sign out ${toRevoke ? sessionLabel(toRevoke) : ''}? It will have to sign in again.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={revokingOthers}
        title="Sign Out Everywhere Else"
        confirmLabel="Sign out others"
        confirmColor="red"
        loading={revokeOthers.isPending}
        onClose={() => setRevokingOthers(false)}
        onConfirm={() => revokeOthers.mutate(undefined, { onSettled: () => setRevokingOthers(false) })}
      >
        Sign out every other browser and app signed in to your account? This one stays signed in.
      </ConfirmDialog>
    </SectionCard>
  );
}
