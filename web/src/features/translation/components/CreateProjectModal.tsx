import { Alert, Button, FileInput, Group, Modal, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileZip } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, notifySuccess } from '../../../components/messages';
import { clientsQuery } from '../../../api/clients';
import { useCreateProject } from '../api';

export const PROJECT_CREATED = 'Project successfully created';
export const ZIP_REQUIRED = 'Choose one .zip archive of XLIFF files.';
export const NOT_A_ZIP = 'The project files must be one .zip archive.';

const ZIP_ACCEPT = '.zip,application/zip,application/x-zip-compressed';

function isZip(file: File): boolean {
  return file.name.toLowerCase().endsWith('.zip');
}

function CreateProjectForm({ onDone }: { onDone: () => void }) {
  const [progress, setProgress] = useState(0);
  const create = useCreateProject(setProgress);
  const clients = useQuery(clientsQuery());
  const [name, setName] = useState('');
  const [clientId, setClientId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);

  const submit = async () => {
    setWarning(null);
    if (file === null || !isZip(file)) {
      setFileError(file === null ? ZIP_REQUIRED : NOT_A_ZIP);
      return;
    }
    setProgress(0);
    try {
      const project = await create.mutateAsync({
        project_name: name.trim(),
        client_id: clientId === null ? null : Number(clientId),
        project_files: file,
      });
      notifySuccess(PROJECT_CREATED);
      const { skipped } = project;
      if (skipped.length > 0) {
        notifications.show({
          color: 'blue',
          autoClose: false,
          title: `${skipped.length} archive ${skipped.length === 1 ? 'entry was' : 'entries were'} not imported`,
          message: skipped.join(', '),
        });
      }
      onDone();
    } catch (error) {
      setWarning(errorText(error, { fallback: 'An unknown error occurred.' }));
    }
  };

  const uploading = create.isPending;
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
          <Alert color="yellow" role="alert" style={{ overflowWrap: 'anywhere' }}>
            {warning}
          </Alert>
        )}
        <TextInput
          label="Project name"
          name="project_name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
        />
        <Select
          label="Client"
          name="client_id"
          placeholder={clients.isPending ? 'Loading clients…' : 'No client'}
          data={(clients.data ?? []).map((client) => ({ value: String(client.id), label: client.client_name }))}
          value={clientId}
          onChange={setClientId}
          clearable
          searchable
          nothingFoundMessage="No client matches"
          error={clients.isError ? 'Could not load the clients.' : undefined}
        />
        <FileInput
          label="Project files"
          description="One .zip archive of the XLIFF files exported from WPML"
          placeholder="Choose a .zip file"
          accept={ZIP_ACCEPT}
          leftSection={<IconFileZip size={18} />}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setFileError(chosen !== null && !isZip(chosen) ? NOT_A_ZIP : null);
          }}
          error={fileError}
          clearable
        />
        {uploading && (
          <Stack gap={4}>
            <Progress value={progress * 100} animated={progress >= 1} aria-label="Upload progress" />
            <Text size="sm" c="dimmed" aria-live="polite">
              {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Reading the XLIFF files…'}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={uploading}>
            Create Project
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Adding new project...' (spec section 2, "Create-project modal"). */
export function CreateProjectModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Adding new project..." size="lg">
      {opened && <CreateProjectForm onDone={onClose} />}
    </Modal>
  );
}
