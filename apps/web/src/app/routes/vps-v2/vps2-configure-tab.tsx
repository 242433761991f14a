import { Group, Stack } from '@mantine/core';
import type { ServiceListItem, Vps2Detail } from '@rackdesk/contract';
import { useState } from 'react';
import { BootConfigurationCard } from '../../../features/vps/components/boot-configuration-card.tsx';
import { AvailableIsosCard } from '../../../features/vps/components/iso-card.tsx';
import { ServerConfigurationCard } from '../../../features/vps/components/server-configuration-card.tsx';
import { useAddVps2Iso } from '../../../features/vps2/api/add-iso.ts';
import { useDeleteVps2Iso } from '../../../features/vps2/api/delete-iso.ts';
import { useVps2Isos } from '../../../features/vps2/api/get-isos.ts';
import { useInsertVps2Isos } from '../../../features/vps2/api/insert-isos.ts';
import { useReinstallVps2 } from '../../../features/vps2/api/reinstall.ts';
import { useResetVps2Password } from '../../../features/vps2/api/reset-password.ts';
import { useSetVps2BootOrder } from '../../../features/vps2/api/set-boot-order.ts';
import { useVps2Templates } from '../../../features/vps2/api/templates.ts';
import { SshKeysField } from '../../../features/vps2/components/ssh-keys-field.tsx';
import { StorageBlocksCard } from '../../../features/vps2/components/storage-blocks-card.tsx';
import { UpgradeVmButton } from '../../../features/vps2/components/upgrade-vm-button.tsx';
import { insertableIsos, insertBody, rebuildBody } from '../../../features/vps2/utils/vps2-server.ts';
import { vps2Region } from '../../../lib/storage-regions.ts';

interface Vps2ConfigureTabProps {
  serviceId: number;
  vps: Vps2Detail;
  billing: ServiceListItem;
  actionsDisabled: boolean;
}

/**
 * Configure (servers spec §2): Available ISOs, Boot Configuration, Server Configuration (reset root
 * password, the new one shown once; reinstall OS with standard and custom_ templates, SSH keys
 * where the template takes them), Storage Blocks and the Upgrade VM modal. The cards are the first generation's, fed by the VPS v2 calls.
 */
export function Vps2ConfigureTab({ serviceId, vps, billing, actionsDisabled }: Vps2ConfigureTabProps) {
  const isos = useVps2Isos(serviceId);
  const addIso = useAddVps2Iso();
  const deleteIso = useDeleteVps2Iso(serviceId);
  const setBootOrder = useSetVps2BootOrder(serviceId);
  const insertIsos = useInsertVps2Isos(serviceId);
  const templates = useVps2Templates(serviceId);
  const reinstall = useReinstallVps2(serviceId);
  const resetPassword = useResetVps2Password(serviceId);
  const [sshKeyIds, setSshKeyIds] = useState<number[]>([]);
  const primaryIso = vps.config.ide2 ?? '';
  const secondaryIso = vps.config.ide0 ?? '';

  return (
    <Stack gap="lg">
      <AvailableIsosCard
        isos={isos.data}
        isLoading={isos.isPending}
        isError={isos.isError}
        onRetry={() => void isos.refetch()}
        onAdd={(url) => addIso.mutateAsync(url)}
        adding={addIso.isPending}
        onDelete={(id) => deleteIso.mutateAsync(id)}
        deletingId={deleteIso.isPending ? deleteIso.variables : undefined}
        disabled={actionsDisabled}
      />
      <BootConfigurationCard
        key={`${vps.config.boot}|${primaryIso}|${secondaryIso}`}
        bootOrder={vps.config.boot}
        primaryIso={primaryIso}
        secondaryIso={secondaryIso}
        isoOptions={insertableIsos(isos.data)}
        onSaveBootOrder={(order) => setBootOrder.mutateAsync(order)}
        savingBootOrder={setBootOrder.isPending}
        onInsert={(drives) => insertIsos.mutateAsync(insertBody(drives))}
        inserting={insertIsos.isPending}
        disabled={actionsDisabled}
      />
      <ServerConfigurationCard
        disabled={actionsDisabled}
        resetPassword={{
          onReset: () => resetPassword.mutateAsync(),
          resetting: resetPassword.isPending,
        }}
        reinstall={{
          templates: templates.data,
          templatesLoading: templates.isPending,
          templatesError: templates.isError,
          onRetryTemplates: () => void templates.refetch(),
          onReinstall: async (request) => {
            const template = templates.data?.find((candidate) => candidate.osid === request.osid);
            await reinstall.mutateAsync(rebuildBody(request, template, sshKeyIds));
            setSshKeyIds([]);
          },
          reinstalling: reinstall.isPending,
          extraFields: (template) =>
            template?.ssh_keys_allowed ? <SshKeysField value={sshKeyIds} onChange={setSshKeyIds} /> : null,
        }}
      />
      <StorageBlocksCard
        serviceId={serviceId}
        region={vps2Region(billing.groupname)}
        actionsDisabled={actionsDisabled}
      />
      <Group justify="flex-end">
        <UpgradeVmButton serviceId={serviceId} billing={billing} actionsDisabled={actionsDisabled} />
      </Group>
    </Stack>
  );
}
