import { Alert, Anchor, Button, FileInput, Group, Paper, Progress, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { clientOptionsQuery } from '../../../api/clients';
import { FormWithWarning } from '../../../components/FormWithWarning';
import { errorText } from '../../../components/messages';
import { PageHeader } from '../../../components/PageHeader';
import { useRequestTranslation, type RequestedProject } from '../api';
import { requestErrors, type RequestErrors } from './requestForm';

const ZIP_ACCEPT = '.zip,application/zip,application/x-zip-compressed';

interface RequestPageProps {
  /** Where the requested project is shown (the portal's project page for a customer). */
  projectPath: (projectId: number) => string;
  /** The other way to ask (pages of a connected site), linked under the title. */
  alternative?: ReactNode;
}

/** A customer asks for a translation: one of their clients, a title, the WPML zip, a due date, a note. */
export function RequestPage({ projectPath, alternative }: RequestPageProps) {
  const clients = useQuery(clientOptionsQuery());
  const [progress, setProgress] = useState(0);
  const request = useRequestTranslation(setProgress);
  const [clientId, setClientId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [dueDate, setDueDate] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<RequestErrors>({});
  const [warning, setWarning] = useState<string | null>(null);
  const [done, setDone] = useState<RequestedProject | null>(null);
  const options = (clients.data ?? []).map((client) => ({ value: String(client.id), label: client.client_name }));
  // One client: it is the one.
  const chosen = clientId ?? (options.length === 1 ? (options[0]?.value ?? null) : null);

  const submit = async () => {
    const today = new Date().toISOString().slice(0, 10);
    const found = requestErrors({ clientId: chosen, title, file, dueDate, note }, today);
    setErrors(found);
    if (Object.keys(found).length > 0 || chosen === null || file === null) return;
    setWarning(null);
    setProgress(0);
    try {
      setDone(await request.mutateAsync({ title: title.trim(), clientId: Number(chosen), dueDate, note, file }));
    } catch (error) {
      setWarning(errorText(error, { fallback: 'The request could not be sent.' }));
    }
  };

  if (done !== null) {
    return (
      <>
        <PageHeader title="Request a translation" />
        <Alert color="green" title="Request received" role="status">
          <Text>
            “{done.project.name}” is with the agency: {done.project.jobs?.length ?? 0} file(s) received. You will be
            told when its quote is ready.
          </Text>
          <Group mt="sm">
            <Anchor component={Link} to={projectPath(done.project.id)}>
              Open the project
            </Anchor>
            <Anchor component="button" type="button" onClick={() => setDone(null)}>
              Request another translation
            </Anchor>
          </Group>
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Request a translation"
        description={
          <>
            Send the agency your WPML export for a quote. {alternative}
          </>
        }
      />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} maw={640}>
        <FormWithWarning onSubmit={submit} warning={warning}>
          <Select
            label="Client"
            required
            placeholder={clients.isPending ? 'Loading clients…' : 'Choose a client'}
            data={options}
            value={chosen}
            onChange={setClientId}
            error={errors.clientId ?? (clients.isError ? 'Could not load your clients.' : undefined)}
            searchable
          />
          <TextInput
            label="Title"
            required
            maxLength={200}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={errors.title}
          />
          <FileInput
            label="Files"
            required
            description="One .zip archive of the XLIFF files exported from WPML"
            placeholder="Choose a .zip file"
            accept={ZIP_ACCEPT}
            leftSection={<IconFileZip size={18} />}
            value={file}
            onChange={setFile}
            error={errors.file}
            clearable
          />
          <TextInput
            type="date"
            label="Due date"
            description="Optional"
            value={dueDate}
            onChange={(event) => setDueDate(event.currentTarget.value)}
            error={errors.dueDate}
          />
          <Textarea
            label="Note to the agency"
            description="Optional"
            autosize
            minRows={3}
            maxLength={4000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={errors.note}
          />
          {request.isPending && (
            <Stack gap={4}>
              <Progress value={progress * 100} animated={progress >= 1} aria-label="Upload progress" />
              <Text size="sm" c="dimmed" aria-live="polite">
                {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Reading the files and preparing the quote…'}
              </Text>
            </Stack>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={request.isPending}>
              Send request
            </Button>
          </Group>
        </FormWithWarning>
      </Paper>
    </>
  );
}
