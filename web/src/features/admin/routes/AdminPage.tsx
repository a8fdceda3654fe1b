import { Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconHistory, IconInfoCircle, IconMailExclamation, IconMailForward, IconSettings, IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { AuditLog } from '../components/AuditLog';
import { BuildInfoPanel } from '../components/BuildInfoPanel';
import { FailedMails } from '../components/FailedMails';
import { Invitations } from '../components/Invitations';
import { MtSettingsPanel } from '../components/MtSettingsPanel';
import { RequireAdmin } from '../components/RequireAdmin';
import { UserManagement } from '../components/UserManagement';

const TABS = ['users', 'invitations', 'settings', 'audit', 'mail', 'build'];

/** `rateScheme`, `quoteTerms`, `siteChecks`: the agency's default rate scheme, quote terms and
 * schedule of site checks forms, composed in by the app. */
export function AdminPage({
  rateScheme,
  quoteTerms,
  siteChecks,
}: {
  rateScheme?: ReactNode;
  quoteTerms?: ReactNode;
  siteChecks?: ReactNode;
}) {
  // The tab is in the URL (`?tab=audit`), so a link or a reload opens it, with its filters.
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((name) => name === params.get('tab')) ?? 'users';
  return (
    <RequireAdmin>
      <PageHeader title="Administration" />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === null || value === 'users' ? {} : { tab: value })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} />}>
            User Management
          </Tabs.Tab>
          <Tabs.Tab value="invitations" leftSection={<IconMailForward size={16} />}>
            Invitations
          </Tabs.Tab>
          <Tabs.Tab value="settings" leftSection={<IconSettings size={16} />}>
            Settings
          </Tabs.Tab>
          <Tabs.Tab value="audit" leftSection={<IconHistory size={16} />}>
            Audit log
          </Tabs.Tab>
          <Tabs.Tab value="mail" leftSection={<IconMailExclamation size={16} />}>
            Failed mail
          </Tabs.Tab>
          <Tabs.Tab value="build" leftSection={<IconInfoCircle size={16} />}>
            Build Info
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UserManagement />
        </Tabs.Panel>
        <Tabs.Panel value="invitations">
          <Invitations />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <Stack gap="xl">
            <MtSettingsPanel />
            {rateScheme !== undefined && (
              <section aria-label="Default rate scheme">
                <Title order={3} mb="sm">
                  Default rate scheme
                </Title>
                {rateScheme}
              </section>
            )}
            {quoteTerms !== undefined && (
              <section aria-label="Quote terms">
                <Title order={3} mb="sm">
                  Quote terms
                </Title>
                {quoteTerms}
              </section>
            )}
            {siteChecks !== undefined && (
              <section aria-label="Site checks">
                <Title order={3} mb="sm">
                  Site checks
                </Title>
                {siteChecks}
              </section>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="audit">
          <AuditLog />
        </Tabs.Panel>
        <Tabs.Panel value="mail">
          <FailedMails />
        </Tabs.Panel>
        <Tabs.Panel value="build">
          <BuildInfoPanel />
        </Tabs.Panel>
      </Tabs>
    </RequireAdmin>
  );
}
