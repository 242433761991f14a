import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { hostnameError, type Product } from '@rackdesk/contract';
import { useEffect } from 'react';
import { SectionCard } from '../../../components/section-card.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useOsTemplates } from '../api/get-os-templates.ts';
import { useUserTemplates } from '../api/get-user-templates.ts';
import type { OrderDraft } from '../hooks/use-order-draft.ts';
import { defaultOs, distributions } from '../utils/distributions.ts';
import { chooseCycle, choiceOf, optionsWithRole, withChoice } from '../utils/order-summary.ts';
import { groupRegion } from '../utils/service-groups.ts';
import { sshKeysAllowed } from '../utils/ssh-keys-allowed.ts';
import { BillingCycleSelect } from './billing-cycle-select.tsx';
import { DistributionPicker } from './distribution-picker.tsx';
import { LocationCards } from './location-cards.tsx';
import { OptionCheckboxes } from './option-checkboxes.tsx';
import { OptionSelect } from './option-select.tsx';
import { SshKeysPicker } from './ssh-keys-picker.tsx';

interface VpsConfigureProps {
  product: Product;
  draft: OrderDraft;
  loggedIn: boolean;
  /** Show every field's error (a Continue was refused), not only those of fields typed in. */
  showErrors: boolean;
}

/**
 * The VPS configure page (portal spec §2, §4, §5): Hostname, Billing Cycle, Location, Distribution
 * (prebuilt, standard, and the account's custom templates), and Extra: SSH keys where allowed, the
 * IPv4 addresses and the additional options.
 */
export function VpsConfigure({ product, draft, loggedIn, showErrors }: VpsConfigureProps) {
  const { selection, update, summary } = draft;
  const templates = useOsTemplates(product.pid);
  const userTemplates = useUserTemplates(loggedIn);
  const list = distributions(templates.data ?? [], loggedIn ? (userTemplates.data ?? []) : null);
  const offered = list.flatMap((distribution) => distribution.versions.map((version) => version.value));
  const firstOs = defaultOs(list);
  const allowed = sshKeysAllowed({ os: selection.os, product, loggedIn });

  // A new VPS starts on the first standard system; an OS no longer offered gives way to it.
  const osMissing = templates.isSuccess && (selection.os === null || !offered.includes(selection.os));
  const userTemplatesSettled = !loggedIn || !userTemplates.isPending;
  useEffect(() => {
    if (osMissing && userTemplatesSettled && firstOs) update({ os: firstOs });
  }, [osMissing, userTemplatesSettled, firstOs, update]);

  // Keys chosen for an OS that no longer takes them are dropped (portal spec §4).
  const dropKeys = !allowed && selection.sshKeyIds.length > 0;
  useEffect(() => {
    if (dropKeys) update({ sshKeyIds: [] });
  }, [dropKeys, update]);

  if (!summary) return null;
  const { cycle, choices } = summary;
  const location = optionsWithRole(product, 'location')[0];
  const ipv4 = optionsWithRole(product, 'ipv4')[0];
  const plainSelects = optionsWithRole(product, null).filter((option) => option.type === '1');
  const checkboxes = product.configoptions.configoption.filter(
    (option) => !option.hidden && option.type === '3',
  );
  const choose = (optionId: number, optionid: number) =>
    update({ configoptions: withChoice(selection.configoptions, optionId, optionid) });
  const domainError = hostnameError(selection.domain);

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Configure your VPS
        </Title>
        <Text c="dimmed">{product.name}</Text>
      </Stack>
      <SectionCard title="Server">
        <TextInput
          label="Hostname"
          placeholder="server1.example.com"
          value={selection.domain}
          onChange={(event) => update({ domain: event.currentTarget.value })}
          error={showErrors || selection.domain !== '' ? domainError : null}
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={253}
        />
        <BillingCycleSelect product={product} value={cycle} onChange={(next) => update(chooseCycle(next))} />
      </SectionCard>
      <SectionCard title="Location">
        <LocationCards
          option={location}
          value={location ? choiceOf(choices, location) : null}
          region={groupRegion(product.gid)}
          onChange={(choiceId) => location && choose(location.id, choiceId)}
        />
      </SectionCard>
      <SectionCard title="Distribution">
        {templates.isPending ? (
          <PageLoader />
        ) : templates.isError ? (
          <Alert color="red" variant="light" title="The operating systems could not be loaded.">
            <Button variant="light" size="xs" onClick={() => void templates.refetch()}>
              Try Again
            </Button>
          </Alert>
        ) : (
          <DistributionPicker distributions={list} value={selection.os} onChange={(os) => update({ os })} />
        )}
      </SectionCard>
      <SectionCard title="Extra">
        {allowed ? (
          <SshKeysPicker value={selection.sshKeyIds} onChange={(sshKeyIds) => update({ sshKeyIds })} />
        ) : null}
        {ipv4 ? (
          <OptionSelect
            option={ipv4}
            value={choiceOf(choices, ipv4)}
            cycle={cycle}
            onChange={(choiceId) => choose(ipv4.id, choiceId)}
          />
        ) : null}
        {plainSelects.map((option) => (
          <OptionSelect
            key={option.id}
            option={option}
            value={choiceOf(choices, option)}
            cycle={cycle}
            onChange={(choiceId) => choose(option.id, choiceId)}
          />
        ))}
        <OptionCheckboxes options={checkboxes} choices={choices} cycle={cycle} onChange={choose} />
      </SectionCard>
    </Stack>
  );
}
