import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { showAlert } from '../../../components/messages';
import { AuthLayout } from '../components/AuthLayout';

/** Only confirms the attempt, as the original tool did, until e-mail delivery exists
 * (docs/product.md). */
export function LostPasswordPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');

  return (
    <AuthLayout title="Reset your password">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          showAlert('Password reset attempted!');
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            We will send an email to your account with instructions on how to reset your password
          </Text>
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Button type="submit">Send Instructions</Button>
          <Anchor component={Link} to="/login/" size="sm" ta="center">
            Back to Login
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
