import { Alert, Anchor, Button, FileInput, Group, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import type { ImportedClient } from '../../../api/types';
import { countOf } from '../../../components/counts';
import { useImportClientArchive } from '../api';

interface ImportArchiveModalProps {
  opened: boolean;
  onClose: () => void;
}

/** 'Import client archive': the archive, an optional other name, the upload's progress and the outcome. */
export function ImportArchiveModal({ opened, onClose }: ImportArchiveModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Import client archive" size="lg">
      {/* Mounted only while open, so every opening starts empty. */}
      {opened && <ImportArchiveForm onClose={onClose} />}
    </Modal>
  );
}

function ImportArchiveForm({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [progress, setProgress] = useState(0);
  const [imported, setImported] = useState<ImportedClient | null>(null);
  const importArchive = useImportClientArchive(setProgress);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file === null) return;
    setProgress(0);
    setImported(null);
    importArchive.mutate({ file, client_name: name }, { onSuccess: setImported });
  };

  if (imported !== null) {
    const { counts } = imported;
    return (
      <Stack>
        <Alert color="green" role="status" title="Client imported">
          {`“${imported.client.client_name}” was imported with ` +
            `${countOf(counts.projects, 'translation project', 'translation projects')} ` +
            `(${countOf(counts.jobs, 'file', 'files')}, ${countOf(counts.segments, 'segment', 'segments')}), ` +
            `${countOf(counts.memory_entries, 'memory entry', 'memory entries')} and ` +
            `${countOf(counts.rebranding_projects, 'rebranding project', 'rebranding projects')}.`}
        </Alert>
        <Group justify="flex-end">
          <Anchor component={Link} to={`/clients/${imported.client.id}`} onClick={onClose}>
            Open the client
          </Anchor>
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }

  const error = importArchive.error;
  return (
    <form onSubmit={submit}>
      <Stack>
        <Text size="sm">
          A client archive exported by Wordmark, with its projects, memory and rebranding projects. Everything is
          checked before anything is stored; users are not in the archive, so you become the author.
        </Text>
        <FileInput
          label="Client archive (zip)"
          placeholder="Choose a file"
          accept=".zip,application/zip"
          leftSection={<IconFileZip size={18} />}
          value={file}
          onChange={setFile}
          required
          clearable
        />
        <TextInput
          label="Import under another name"
          description="Optional: when a client of the archive's name exists already."
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={200}
        />
        {importArchive.isPending && (
          <Stack gap={4}>
            <Progress value={progress * 100} animated={progress >= 1} aria-label="Upload progress" />
            <Text size="sm" c="dimmed" aria-live="polite">
              {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Checking and importing the archive…'}
            </Text>
          </Stack>
        )}
        {error !== null && (
          <Alert color="red" role="alert" title="The archive was not imported">
            {error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={importArchive.isPending} disabled={file === null}>
            Import
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
