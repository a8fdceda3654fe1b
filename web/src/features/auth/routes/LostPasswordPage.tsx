import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { showAlert } from '../../../components/messages';
import { useRequestReset, useResetAvailability } from '../accountMail';
import { AuthLayout } from '../components/AuthLayout';

/** Asks for a reset link when the server mails them; otherwise only confirms the attempt, as
 * the original tool did (docs/product.md). The answer never says whether the address exists. */
export function LostPasswordPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const availability = useResetAvailability();
  const available = availability.data?.available === true;
  const request = useRequestReset();
  const answer = request.data?.message ?? null;
  const failure =
    request.error instanceof ApiError ? (request.error.serverMessage ?? request.error.message) : null;

  return (
    <AuthLayout title="Reset your password">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (available) request.mutate(email.trim());
          else showAlert('Password reset attempted!');
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            We will send an email to your account with instructions on how to reset your password
          </Text>
          {answer !== null && <Alert color="green">{answer}</Alert>}
          {failure !== null && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          {/* Which of the two the form does is known once the server said. */}
          <Button type="submit" loading={request.isPending || availability.isPending}>
            Send Instructions
          </Button>
          <Anchor component={Link} to="/login/" size="sm" ta="center">
            Back to Login
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
