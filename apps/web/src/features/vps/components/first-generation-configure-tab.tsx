import type { VpsDetail } from '@rackdesk/contract';
import { Stack } from '@mantine/core';
import { useAddVpsIso } from '../api/add-iso.ts';
import { useDeleteVpsIso } from '../api/delete-iso.ts';
import { useVpsIsos } from '../api/get-isos.ts';
import { useInsertVpsIsos } from '../api/insert-isos.ts';
import { useReinstallVps } from '../api/reinstall.ts';
import { useResetVpsPassword } from '../api/reset-password.ts';
import { useSetVpsBootOrder } from '../api/set-boot-order.ts';
import { useVpsTemplates } from '../api/templates.ts';
import { BootConfigurationCard } from './boot-configuration-card.tsx';
import { AvailableIsosCard } from './iso-card.tsx';
import { ServerConfigurationCard } from './server-configuration-card.tsx';

interface FirstGenerationConfigureTabProps {
  serviceId: number;
  vps: VpsDetail;
  actionsDisabled: boolean;
}

/** Configure: Available ISOs, Boot Configuration and Server Configuration of a first-generation VPS. */
export function FirstGenerationConfigureTab({
  serviceId,
  vps,
  actionsDisabled,
}: FirstGenerationConfigureTabProps) {
  const isos = useVpsIsos(serviceId);
  const addIso = useAddVpsIso();
  const deleteIso = useDeleteVpsIso(serviceId);
  const setBootOrder = useSetVpsBootOrder(serviceId);
  const insertIsos = useInsertVpsIsos(serviceId);
  const templates = useVpsTemplates(serviceId);
  const reinstall = useReinstallVps(serviceId);
  const resetPassword = useResetVpsPassword(serviceId);
  // Insert takes file names: the ISO's name is what goes in a drive.
  const isoOptions = (isos.data ?? [])
    .filter((iso) => iso.upload_status === 'complete')
    .map((iso) => ({ value: iso.name, label: iso.name }));

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
        key={`${vps.boot}|${vps.iso}|${vps.sec_iso}`}
        bootOrder={vps.boot}
        primaryIso={vps.iso}
        secondaryIso={vps.sec_iso}
        isoOptions={isoOptions}
        onSaveBootOrder={(order) => setBootOrder.mutateAsync(order)}
        savingBootOrder={setBootOrder.isPending}
        onInsert={({ primary, secondary }) => insertIsos.mutateAsync({ iso: primary, sec_iso: secondary })}
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
          onReinstall: ({ osid, password }) =>
            reinstall.mutateAsync({ osid, password, password_confirm: password }),
          reinstalling: reinstall.isPending,
        }}
      />
    </Stack>
  );
}
