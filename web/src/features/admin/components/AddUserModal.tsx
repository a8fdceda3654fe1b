import { Modal } from '@mantine/core';
import { useState } from 'react';
import { errorText, notifySuccess } from '../../../components/messages';
import { useCreateUser } from '../../../api/users';
import { UserForm } from '../../../components/users/UserForm';

export const USER_CREATED = 'User successfully created';

export function AddUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateUser();
  const [warning, setWarning] = useState<string | null>(null);

  const close = () => {
    setWarning(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Add new user" size="lg">
      <UserForm
        mode="create"
        showRole
        submitLabel="Add User"
        busy={create.isPending}
        warning={warning}
        onSubmit={async (values) => {
          setWarning(null);
          try {
            await create.mutateAsync({
              username: values.username,
              first_name: values.first_name,
              last_name: values.last_name,
              email: values.email,
              role: values.role,
              client_ids: values.client_ids,
              // The form only submits a create with a matching, non-empty password.
              password: values.password ?? '',
            });
            notifySuccess(USER_CREATED);
            close();
            return true;
          } catch (error) {
            setWarning(errorText(error, { fallback: 'An unknown error occurred. Please check your console.' }));
            return false;
          }
        }}
      />
    </Modal>
  );
}
