import { Alert, Anchor, Button, Group, LoadingOverlay, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { useSession } from '../../../api/session';
import { useLogin, type Credentials } from '../api';
import { AuthLayout } from '../components/AuthLayout';

export const WRONG_CREDENTIALS = 'Username or password incorrect.';
export const UNKNOWN_LOGIN_ERROR = 'An unknown error occurred. Please check your console.';

/** The login alerts: wrong credentials, throttling (the server explains), anything else. */
export function loginFailureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return WRONG_CREDENTIALS;
    if (error.serverMessage !== null) return error.serverMessage;
  }
  console.error(error);
  return UNKNOWN_LOGIN_ERROR;
}

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const login = useLogin();
  const [warning, setWarning] = useState<string | null>(null);
  const form = useForm<Credentials>({ initialValues: { username: '', password: '' } });

  if (session !== null && !login.isPending) return <Navigate to="/" replace />;

  const submit = form.onSubmit((values) => {
    setWarning(null);
    login.mutate(values, {
      onSuccess: () => {
        void navigate('/', { replace: true });
      },
      onError: (error) => {
        form.setFieldValue('password', '');
        setWarning(loginFailureText(error));
      },
    });
  });

  return (
    <AuthLayout title="Sign in to Wordmark">
      <LoadingOverlay visible={login.isPending} overlayProps={{ blur: 2 }} zIndex={10} />
      <form onSubmit={submit}>
        <Stack>
          {warning !== null && (
            <Alert color="yellow" role="alert">
              {warning}
            </Alert>
          )}
          <TextInput
            label="Username"
            required
            autoComplete="username"
            autoFocus
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label="Password"
            required
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Group justify="space-between">
            <Anchor component={Link} to="/login/lost-password?email=" size="sm">
              Forgot Password
            </Anchor>
            <Button type="submit">Log In</Button>
          </Group>
        </Stack>
      </form>
    </AuthLayout>
  );
}
