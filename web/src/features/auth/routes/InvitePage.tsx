import { Alert, Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { type NewPassword, useAcceptInvitation, useInvitation } from '../accountMail';
import { AuthLayout } from '../components/AuthLayout';
import { NewPasswordFields, newPasswordRules } from '../components/NewPasswordFields';

type Acceptance = NewPassword & { username: string };

function message(error: unknown): string {
  return error instanceof ApiError ? (error.serverMessage ?? error.message) : 'The invitation could not be read.';
}

/** An invitation's link: who is invited, and the password (and username) that creates the
 * account. */
export function InvitePage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const form = useForm<Acceptance>({
    initialValues: { username: '', password: '', confirm_password: '' },
    validate: newPasswordRules,
  });

  let body;
  if (invitation.isPending) body = <Loader aria-label="Loading the invitation" />;
  else if (invitation.isError)
    body = (
      <Stack>
        <Alert color="red" role="alert">
          {message(invitation.error)}
        </Alert>
        <Anchor component={Link} to="/login/" ta="center">
          Log in
        </Anchor>
      </Stack>
    );
  else if (accept.data)
    body = (
      <Stack>
        <Alert color="green">Your account is ready. Log in as {accept.data.username}.</Alert>
        <Anchor component={Link} to="/login/" ta="center">
          Log in
        </Anchor>
      </Stack>
    );
  else {
    const invited = invitation.data;
    body = (
      <form
        onSubmit={form.onSubmit(({ username, ...password }) =>
          accept.mutate(username.trim() === '' ? password : { ...password, username: username.trim() }),
        )}
      >
        <Stack>
          <Text size="sm">
            {invited.agency} invites {invited.first_name} {invited.last_name} ({invited.email}) as {invited.role}.
          </Text>
          {accept.isError && (
            <Alert color="red" role="alert">
              {message(accept.error)}
            </Alert>
          )}
          <TextInput
            label="Username"
            description={`Leave empty to log in with ${invited.email}`}
            autoComplete="username"
            {...form.getInputProps('username')}
          />
          <NewPasswordFields form={form} />
          <Button type="submit" loading={accept.isPending}>
            Create Account
          </Button>
        </Stack>
      </form>
    );
  }
  return <AuthLayout title="Welcome to Wordmark">{body}</AuthLayout>;
}
