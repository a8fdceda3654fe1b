import { Alert } from '@mantine/core';
import { useState } from 'react';
import type { User } from '../../api/types';
import { useUpdateUser } from '../../api/users';
import { notifySuccess } from '../messages';
import { saveUserFailureText, USER_SAVED } from './saveUserMessages';
import { UserForm } from './UserForm';

/** Edits an existing user through PUT /api/user/{username}: the account page and user detail. */
export function EditUserForm({ user, canEditRole }: { user: User; canEditRole: boolean }) {
  const update = useUpdateUser(user.username);
  const [warning, setWarning] = useState<string | null>(null);

  const pending = user.pending_email ?? null;
  return (
    <>
      {pending !== null && (
        <Alert color="blue" mb="md" role="status">
          A confirmation link was sent to {pending}; the account's address changes to it when that link is opened. Until
          then mail goes to {user.email}.
        </Alert>
      )}
      <UserForm
      mode="edit"
      showRole={canEditRole}
      submitLabel="Save"
      busy={update.isPending}
      warning={warning}
      initialValues={{
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        role: user.role,
        client_ids: user.client_ids.map(String),
      }}
      onSubmit={async (values) => {
        setWarning(null);
        try {
          await update.mutateAsync({
            first_name: values.first_name,
            last_name: values.last_name,
            email: values.email,
            // A non-admin never sends a role or clients, so the server never has to guess their intent.
            ...(canEditRole ? { role: values.role, client_ids: values.client_ids } : {}),
            ...(values.password === null ? {} : { password: values.password, confirm_password: values.password }),
          });
          notifySuccess(USER_SAVED);
          return true;
        } catch (error) {
          setWarning(saveUserFailureText(error));
          return false;
        }
      }}
      />
    </>
  );
}
