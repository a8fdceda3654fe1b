import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { NewPassword } from '../accountMail';

/** The server's rule: at least 8 characters. */
export const MIN_PASSWORD = 8;

/** Checks a new password and its confirmation before anything is sent. */
export const newPasswordRules = {
  password: (value: string) =>
    value.length >= MIN_PASSWORD ? null : `The password needs at least ${MIN_PASSWORD} characters.`,
  confirm_password: (value: string, values: NewPassword) =>
    value === values.password ? null : 'The two passwords differ.',
};

/** A new password, twice. */
export function NewPasswordFields<T extends NewPassword>({ form }: { form: UseFormReturnType<T> }) {
  return (
    <>
      <PasswordInput
        label="New password"
        required
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label="Repeat the password"
        required
        autoComplete="new-password"
        {...form.getInputProps('confirm_password')}
      />
    </>
  );
}
