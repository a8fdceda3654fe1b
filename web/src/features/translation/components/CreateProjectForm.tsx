import { Button, FileInput, Group, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { FormWithWarning } from '../../../components/FormWithWarning';
import { useCreateProjectForm } from './useCreateProjectForm';

const ZIP_ACCEPT = '.zip,application/zip,application/x-zip-compressed';

export function CreateProjectForm({ onDone }: { onDone: () => void }) {
  const form = useCreateProjectForm(onDone);
  const { clients, progress } = form;
  return (
    <FormWithWarning onSubmit={form.submit} warning={form.warning}>
      <TextInput
        label="Project name"
        name="project_name"
        value={form.name}
        onChange={(event) => form.setName(event.currentTarget.value)}
        data-autofocus
      />
      <Select
        label="Client"
        name="client_id"
        placeholder={clients.isPending ? 'Loading clients…' : 'No client'}
        data={(clients.data ?? []).map((client) => ({ value: String(client.id), label: client.client_name }))}
        value={form.clientId}
        onChange={form.setClientId}
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
        value={form.file}
        onChange={form.chooseFile}
        error={form.fileError}
        clearable
      />
      {form.uploading && (
        <Stack gap={4}>
          <Progress value={progress * 100} animated={progress >= 1} aria-label="Upload progress" />
          <Text size="sm" c="dimmed" aria-live="polite">
            {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Reading the XLIFF files…'}
          </Text>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={form.uploading}>
          Create Project
        </Button>
      </Group>
    </FormWithWarning>
  );
}
