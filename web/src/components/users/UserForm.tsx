// One form for adding a user (admin), editing a user (admin) and editing one's own account:
// the same fields and password rule, with username and role shown where they apply.
import { Alert, Button, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ROLES, type Role } from '../../api/types';
import { PASSWORD_MISMATCH, PASSWORD_TOO_SHORT, passwordChange } from './password';

export interface UserFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  password: string;
  confirm_password: string;
}

export interface UserFormSubmit {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  /** null keeps the current password (edit forms only). */
  password: string | null;
}

interface UserFormProps {
  mode: 'create' | 'edit';
  initialValues?: Partial<UserFormValues>;
  showRole: boolean;
  submitLabel: string;
  busy: boolean;
  /** The server's answer to the last submit, shown as a warning. */
  warning: string | null;
  /** Resolves to whether the values were saved; saved edits clear the password fields. */
  onSubmit: (values: UserFormSubmit) => Promise<boolean>;
}

const roleOptions = ROLES.map((role) => ({ value: role, label: role.charAt(0).toUpperCase() + role.slice(1) }));

const required = (label: string) => (value: string) => (value.trim() === '' ? `${label} is required` : null);

export function UserForm({ mode, initialValues, showRole, submitLabel, busy, warning, onSubmit }: UserFormProps) {
  const creating = mode === 'create';
  const [mismatch, setMismatch] = useState(false);
  const form = useForm<UserFormValues>({
    initialValues: {
      username: '',
      first_name: '',
      last_name: '',
      email: '',
      role: 'translator',
      password: '',
      confirm_password: '',
      ...initialValues,
    },
    validate: {
      username: creating ? required('Username') : undefined,
      first_name: required('First name'),
      last_name: required('Last name'),
      email: required('Email'),
      password: creating ? required('Password') : undefined,
      confirm_password: creating ? required('Password confirmation') : undefined,
    },
  });

  const submit = form.onSubmit((values) => {
    const change = passwordChange(values.password, values.confirm_password);
    setMismatch(change.kind === 'mismatch');
    if (change.kind === 'mismatch') return;
    if (change.kind === 'tooShort') {
      form.setFieldError('password', PASSWORD_TOO_SHORT);
      return;
    }
    void onSubmit({
      username: values.username.trim(),
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
      role: values.role,
      password: change.kind === 'set' ? change.password : null,
    }).then((saved) => {
      if (saved) form.setValues({ password: '', confirm_password: '' });
    });
  });

  const shownWarning = mismatch ? PASSWORD_MISMATCH : warning;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {shownWarning !== null && (
          <Alert color="yellow" role="alert">
            {shownWarning}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required autoComplete="given-name" {...form.getInputProps('first_name')} />
          <TextInput label="Last name" required autoComplete="family-name" {...form.getInputProps('last_name')} />
        </SimpleGrid>
        {creating && (
          <TextInput label="Username" required autoComplete="off" {...form.getInputProps('username')} />
        )}
        <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
        {showRole && (
          <Select
            label="Role"
            required
            data={roleOptions}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput
            label="Password"
            required={creating}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            required={creating}
            autoComplete="new-password"
            {...form.getInputProps('confirm_password')}
          />
        </SimpleGrid>
        {!creating && (
          <Text size="xs" c="dimmed" mt={-8}>
            Leave both password fields empty to keep the current password.
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
