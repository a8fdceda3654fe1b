import { Alert, Anchor, Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { can } from '../../../api/permissions';
import { useCurrentUser } from '../../../api/session';
import { userQuery } from '../../../api/users';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { EditUserForm } from '../../../components/users/EditUserForm';
import { TranslatorProfileSection } from '../../../components/translatorProfiles/TranslatorProfileForm';
import { NOT_AUTHORIZED } from '../components/RequireAdmin';

/** Who manages users edits anyone (role included); other users only themselves, and never their role. */
export function UserDetailPage() {
  const { username = '' } = useParams();
  const me = useCurrentUser();
  const managesUsers = can(me, 'users.manage');
  const allowed = managesUsers || me?.username === username;
  const query = useQuery({ ...userQuery(username), enabled: allowed && username !== '' });

  if (!allowed) {
    return (
      <Alert color="red" role="alert">
        {NOT_AUTHORIZED}
      </Alert>
    );
  }

  return (
    <>
      {managesUsers && (
        <Anchor component={Link} to="/admin" size="sm">
          ← Administration
        </Anchor>
      )}
      <PageHeader title={username} description="User details" />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={720}>
        <QueryState query={query} notFound="User not found">
          {(user) => <EditUserForm key={user.username} user={user} canEditRole={managesUsers} />}
        </QueryState>
      </Paper>
      {managesUsers && query.data?.role === 'translator' && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={720} mt="lg">
          <TranslatorProfileSection username={query.data.username} />
        </Paper>
      )}
    </>
  );
}
