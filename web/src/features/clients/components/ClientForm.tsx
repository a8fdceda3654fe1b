import { Button, Group, TextInput } from '@mantine/core';
import type { Client } from '../../../api/types';
import { FormWithWarning } from '../../../components/FormWithWarning';
import { LogoDropzone } from './LogoDropzone';
import { useClientForm } from './useClientForm';

interface ClientFormProps {
  /** Whose name and logo to edit; absent creates a new client. */
  client?: Client;
  onDone: () => void;
}

export function ClientForm({ client, onDone }: ClientFormProps) {
  const { editing, name, setName, nameError, logo, setLogo, logoError, setLogoError, warning, saving, submit } =
    useClientForm(client, onDone);

  return (
    <FormWithWarning onSubmit={submit} warning={warning}>
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
        <Button type="submit" loading={saving}>
          {editing ? 'Save' : 'Create Client'}
        </Button>
      </Group>
    </FormWithWarning>
  );
}
