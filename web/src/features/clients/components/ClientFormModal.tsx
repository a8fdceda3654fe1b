import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import type { Client } from '../../../api/types';
import { errorText, notifySuccess, showAlert } from '../../../components/messages';
import { useSaveClient, type ClientFormData } from '../api';
import { LogoDropzone, type ChosenLogo } from './LogoDropzone';

export const CLIENT_CREATED = 'Client successfully created';
export const CLIENT_UPDATED = 'Client updated';
export const NAME_REQUIRED = 'The client name is required.';

interface ClientFormProps {
  /** Whose name and logo to edit; absent creates a new client. */
  client?: Client;
  onDone: () => void;
}

function ClientForm({ client, onDone }: ClientFormProps) {
  const editing = client !== undefined;
  const save = useSaveClient(client?.id);
  const [name, setName] = useState(client?.client_name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [logo, setLogo] = useState<ChosenLogo | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);

  const submit = async () => {
    setWarning(null);
    const trimmed = name.trim();
    setNameError(trimmed === '' ? NAME_REQUIRED : null);
    if (trimmed === '' || logoError !== null) return;
    const data: ClientFormData = { client_name: trimmed, client_logo: logo?.file ?? null };
    try {
      await save.mutateAsync(data);
      notifySuccess(editing ? CLIENT_UPDATED : CLIENT_CREATED);
      onDone();
    } catch (error) {
      if (editing && !(error instanceof ApiError)) {
        // Spec section 8: an exception while updating is reported as an alert.
        console.error(error);
        showAlert(`EXCEPTION: ${String(error)}`);
        return;
      }
      setWarning(
        errorText(error, {
          fallback: editing
            ? 'An unknown error occurred. Please check the logs or try again later.'
            : 'An unknown error occurred.',
        }),
      );
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        {warning !== null && (
          <Alert color="yellow" role="alert">
            {warning}
          </Alert>
        )}
        <TextInput
          label="Name"
          required
          value={name}
          error={nameError}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
        />
        <LogoDropzone
          value={logo}
          onChange={setLogo}
          error={logoError}
          onError={setLogoError}
          description={editing ? 'Leave empty to keep current logo' : undefined}
          current={client?.client_logo}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {editing ? 'Save' : 'Create Client'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ClientFormModalProps {
  opened: boolean;
  onClose: () => void;
  client?: Client;
}

/** 'Create a new client' or 'Edit {client name}' (spec section 2). */
export function ClientFormModal({ opened, onClose, client }: ClientFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={client === undefined ? 'Create a new client' : `Edit ${client.client_name}`}
      size="lg"
    >
      {/* Mounted only while open, so every opening starts from the client's current values. */}
      {opened && <ClientForm client={client} onDone={onClose} />}
    </Modal>
  );
}
