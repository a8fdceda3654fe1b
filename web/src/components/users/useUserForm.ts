import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { Role } from '../../api/types';
import { PASSWORD_MISMATCH, PASSWORD_TOO_SHORT, passwordChange } from './password';
import { emailProblem, nameProblem } from './people';

export interface UserFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  /** A customer's clients, as the picker holds them (ids as text). */
  client_ids: string[];
  password: string;
  confirm_password: string;
}

export interface UserFormSubmit {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  /** The clients of a customer; empty for every other role. */
  client_ids: number[];
  /** null keeps the current password (edit forms only). */
  password: string | null;
}

const required = (label: string) => (value: string) => (value.trim() === '' ? `${label} is required` : null);

export const CLIENTS_REQUIRED = 'A customer belongs to at least one client';

interface UserFormOptions {
  mode: 'create' | 'edit';
  initialValues?: Partial<UserFormValues>;
  /** Whether the role (and with it a customer's clients) is part of the form. */
  showRole: boolean;
  /** Resolves to whether the values were saved; saved edits clear the password fields. */
  onSubmit: (values: UserFormSubmit) => Promise<boolean>;
  /** The server's answer to the last submit. */
  warning: string | null;
}

/**
 * The user form's fields and rules: a new user needs every field, an edit keeps the password
 * while both password fields are empty; a password and its confirmation must match and be long
 * enough; a customer needs at least one client (other roles have none). Values are trimmed
 * before they are submitted.
 */
export function useUserForm({ mode, initialValues, showRole, onSubmit, warning }: UserFormOptions) {
  const creating = mode === 'create';
  const [mismatch, setMismatch] = useState(false);
  const form = useForm<UserFormValues>({
    initialValues: {
      username: '',
      first_name: '',
      last_name: '',
      email: '',
      role: 'translator',
      client_ids: [],
      password: '',
      confirm_password: '',
      ...initialValues,
    },
    validate: {
      username: creating ? required('Username') : undefined,
      first_name: (value) => nameProblem('First name', value),
      last_name: (value) => nameProblem('Last name', value),
      email: emailProblem,
      password: creating ? required('Password') : undefined,
      confirm_password: creating ? required('Password confirmation') : undefined,
      client_ids: (ids, values) =>
        showRole && values.role === 'customer' && ids.length === 0 ? CLIENTS_REQUIRED : null,
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
      client_ids: values.role === 'customer' ? values.client_ids.map(Number) : [],
      password: change.kind === 'set' ? change.password : null,
    }).then((saved) => {
      if (saved) form.setValues({ password: '', confirm_password: '' });
    });
  });

  return {
    form,
    creating,
    submit,
    /** A mismatch found here wins over the server's last answer. */
    shownWarning: mismatch ? PASSWORD_MISMATCH : warning,
  };
}
