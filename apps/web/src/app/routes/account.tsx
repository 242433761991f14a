import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Tabs.css';
import { Stack, Tabs, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ComponentType } from 'react';
import { Navigate, useNavigate } from '../../lib/routing.tsx';
import { useParams } from '../../lib/route-params.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { TabRow } from '../../components/tab-row.tsx';
import { AccountDetailsTab } from '../../features/account/components/account-details-tab.tsx';
import { ApiTokensTab } from '../../features/account/components/api-tokens-tab.tsx';
import { BillingInfoTab } from '../../features/account/components/billing-info-tab.tsx';
import { SecurityTab } from '../../features/account/components/security-tab.tsx';
import { SshKeysTab } from '../../features/account/components/ssh-keys-tab.tsx';
import { SubAccountsTab } from '../../features/account/components/sub-accounts-tab.tsx';
import { AddFundsTab } from '../../features/invoices/components/add-funds-tab.tsx';
import {
  type AccountTabKey,
  accountTabAt,
  accountTabsFor,
} from '../../features/account/utils/account-tabs.ts';
import { useCurrentUser } from '../../lib/auth.ts';
import { paths } from '../../lib/paths.ts';

const panels: Record<AccountTabKey, ComponentType> = {
  details: AccountDetailsTab,
  security: SecurityTab,
  'billing-info': BillingInfoTab,
  'add-funds': AddFundsTab,
  'api-tokens': ApiTokensTab,
  'ssh-keys': SshKeysTab,
  'sub-accounts': SubAccountsTab,
};

/**
 * /account and its sub-paths (portal spec §2 Account): one tab per path, so a reload or a shared
 * link keeps the tab; a path that names no tab the user may see goes back to Account Details.
 */
export function AccountRoute() {
  useDocumentTitle('Account');
  const { data: user } = useCurrentUser();
  const subPath = useParams()['*'] ?? '';
  const navigate = useNavigate();
  if (!user) return <PageLoader />;

  const tabs = accountTabsFor(user);
  const active = accountTabAt(tabs, subPath);
  if (!active) return <Navigate to={paths.account} replace />;
  const Panel = panels[active.key];

  return (
    <Stack gap="lg">
      <Title order={1}>Account</Title>
      <Tabs
        value={active.key}
        onChange={(key) => {
          const tab = tabs.find((candidate) => candidate.key === key);
          if (tab) navigate(tab.path ? `${paths.account}/${tab.path}` : paths.account);
        }}
        keepMounted={false}
      >
        <TabRow>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.key} value={tab.key}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </TabRow>
        <Tabs.Panel value={active.key} pt="lg">
          <Panel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
