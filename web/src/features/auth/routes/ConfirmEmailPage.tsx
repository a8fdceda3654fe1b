import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useConfirmEmail } from '../accountMail';
import { AuthLayout } from '../components/AuthLayout';

/**
 * The link mailed to a changed e-mail address. Confirming is a button, not the page's opening:
 * mail scanners open links, and only the person who owns the address should confirm it.
 */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const confirm = useConfirmEmail(token);
  const failure = confirm.error instanceof ApiError ? (confirm.error.serverMessage ?? confirm.error.message) : null;

  return (
    <AuthLayout title="Confirm your e-mail address">
      {confirm.data ? (
        <Stack>
          <Alert color="green" role="status">
            {confirm.data.email} is now the address of your account, {confirm.data.username}.
          </Alert>
          <Anchor component={Link} to="/login/" ta="center">
            Log in
          </Anchor>
        </Stack>
      ) : (
        <Stack>
          {failure !== null && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Text>Your Wordmark account's e-mail address changes to the one this link was sent to.</Text>
          <Button loading={confirm.isPending} onClick={() => confirm.mutate()}>
            Confirm the new address
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
