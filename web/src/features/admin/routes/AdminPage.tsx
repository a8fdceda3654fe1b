import { Tabs } from '@mantine/core';
import { IconInfoCircle, IconSettings, IconUsers } from '@tabler/icons-react';
import { PageHeader } from '../../../components/PageHeader';
import { BuildInfoPanel } from '../components/BuildInfoPanel';
import { MtSettingsPanel } from '../components/MtSettingsPanel';
import { RequireAdmin } from '../components/RequireAdmin';
import { UserManagement } from '../components/UserManagement';

export function AdminPage() {
  return (
    <RequireAdmin>
      <PageHeader title="Administration" />
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} />}>
            User Management
          </Tabs.Tab>
          <Tabs.Tab value="settings" leftSection={<IconSettings size={16} />}>
            Settings
          </Tabs.Tab>
          <Tabs.Tab value="build" leftSection={<IconInfoCircle size={16} />}>
            Build Info
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UserManagement />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <MtSettingsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="build">
          <BuildInfoPanel />
        </Tabs.Panel>
      </Tabs>
    </RequireAdmin>
  );
}
