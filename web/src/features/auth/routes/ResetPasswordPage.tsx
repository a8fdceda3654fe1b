import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { type NewPassword, useCompleteReset } from '../accountMail';
import { AuthLayout } from '../components/AuthLayout';
import { NewPasswordFields, newPasswordRules } from '../components/NewPasswordFields';

/** The reset link of the mail: choose a new password (the link works once, for an hour). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const reset = useCompleteReset(token);
  const form = useForm<NewPassword>({
    initialValues: { password: '', confirm_password: '' },
    validate: newPasswordRules,
  });
  const failure = reset.error instanceof ApiError ? (reset.error.serverMessage ?? reset.error.message) : null;

  return (
    <AuthLayout title="Choose a new password">
      {reset.data ? (
        <Stack>
          <Alert color="green">
            Your password is changed, {reset.data.username}. Every session of your account was signed out.
          </Alert>
          <Anchor component={Link} to="/login/" ta="center">
            Log in
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit((values) => reset.mutate(values))}>
          <Stack>
            {failure !== null && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <NewPasswordFields form={form} />
            <Button type="submit" loading={reset.isPending}>
              Set Password
            </Button>
            <Anchor component={Link} to="/login/lost-password" size="sm" ta="center">
              Ask for a new link
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
