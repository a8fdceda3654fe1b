// One form for adding a user (admin), editing a user (admin) and editing one's own account:
// the same fields and password rule, with username and role shown where they apply.
import { Alert, Button, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ROLES } from '../../api/types';
import { ClientPicker } from './ClientPicker';
import { EMAIL_MAX, NAME_MAX, USERNAME_MAX } from './people';
import { useUserForm, type UserFormSubmit, type UserFormValues } from './useUserForm';

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

export function UserForm({ mode, initialValues, showRole, submitLabel, busy, warning, onSubmit }: UserFormProps) {
  const { form, creating, submit, shownWarning } = useUserForm({ mode, initialValues, showRole, onSubmit, warning });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {shownWarning !== null && (
          <Alert color="yellow" role="alert">
            {shownWarning}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required maxLength={NAME_MAX} autoComplete="given-name" {...form.getInputProps('first_name')} />
          <TextInput label="Last name" required maxLength={NAME_MAX} autoComplete="family-name" {...form.getInputProps('last_name')} />
        </SimpleGrid>
        {creating && (
          <TextInput label="Username" required maxLength={USERNAME_MAX} autoComplete="off" {...form.getInputProps('username')} />
        )}
        <TextInput label="Email" type="email" required maxLength={EMAIL_MAX} autoComplete="email" {...form.getInputProps('email')} />
        {showRole && (
          <Select
            label="Role"
            required
            data={roleOptions}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
        )}
        {showRole && form.values.role === 'customer' && (
          <ClientPicker
            value={form.values.client_ids}
            onChange={(ids) => form.setFieldValue('client_ids', ids)}
            error={form.errors.client_ids}
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
