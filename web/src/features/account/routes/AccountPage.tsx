import { Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../../api/session';
import { userQuery } from '../../../api/users';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { EditUserForm } from '../../../components/users/EditUserForm';
import { OwnTranslatorProfile } from '../../../components/translatorProfiles/OwnTranslatorProfile';
import { NotificationPreferences } from '../components/NotificationPreferences';

export function AccountPage() {
  // The shell only renders signed-in screens, so a user is always present here.
  const me = useCurrentUser();
  const username = me?.username ?? '';
  const query = useQuery({ ...userQuery(username), enabled: username !== '' });

  return (
    <>
      <PageHeader title="Account" description={`Signed in as ${username}`} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={720}>
        <QueryState query={query}>
          {(user) => <EditUserForm key={user.username} user={user} canEditRole={false} />}
        </QueryState>
      </Paper>
      {me?.role === 'translator' && <OwnTranslatorProfile />}
      <NotificationPreferences />
    </>
  );
}
