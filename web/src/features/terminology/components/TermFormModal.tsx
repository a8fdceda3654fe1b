import { Alert, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ClientId } from '../../../api/types';
import { errorText } from '../../../components/messages';
import { KIND_LABELS, useSaveTerm, type Term, type TermBody, type TermKind } from '../api';
import { toBody, validateTerm, type TermFormValues } from '../validation';

interface TermFormModalProps {
  clientId: ClientId;
  opened: boolean;
  onClose: () => void;
  /** The entry to change; absent adds one (`initial` prefills it). */
  term?: Term;
  initial?: Partial<TermBody>;
}

export function TermFormModal({ clientId, opened, onClose, term, initial }: TermFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={term === undefined ? 'Add a term' : `Edit ${term.source}`} size="lg">
      {/* Mounted only while open, so every opening starts from the entry's current values. */}
      {opened && <TermForm clientId={clientId} term={term} initial={initial} onDone={onClose} />}
    </Modal>
  );
}

function TermForm({
  clientId,
  term,
  initial,
  onDone,
}: {
  clientId: ClientId;
  term?: Term;
  initial?: Partial<TermBody>;
  onDone: () => void;
}) {
  const start = term ?? initial ?? {};
  const form = useForm<TermFormValues>({
    initialValues: {
      source_lang: start.source_lang ?? 'en',
      target_lang: start.target_lang ?? '',
      source: start.source ?? '',
      targets: (start.targets ?? []).join('\n'),
      kind: start.kind ?? 'preferred',
      case_sensitive: start.case_sensitive ?? false,
      part_of_speech: start.part_of_speech ?? '',
      note: start.note ?? '',
    },
    validate: validateTerm,
  });
  const save = useSaveTerm(clientId, term?.id);
  const submit = form.onSubmit((values) => save.mutate(toBody(values), { onSuccess: onDone }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.isError && (
          <Alert color="red" role="alert">
            {errorText(save.error, { fallback: 'The term could not be saved.' })}
          </Alert>
        )}
        <SimpleGrid cols={2}>
          <TextInput label="Source language" required {...form.getInputProps('source_lang')} />
          <TextInput label="Target language" required {...form.getInputProps('target_lang')} />
        </SimpleGrid>
        <Select
          label="Kind"
          required
          allowDeselect={false}
          data={(Object.keys(KIND_LABELS) as TermKind[]).map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          {...form.getInputProps('kind')}
        />
        <TextInput label="Source term" required {...form.getInputProps('source')} />
        {form.values.kind !== 'do_not_translate' && (
          <Textarea
            label={form.values.kind === 'forbidden' ? 'Forbidden target terms' : 'Target terms'}
            description="One per line; the first is the preferred one"
            autosize
            minRows={2}
            required
            {...form.getInputProps('targets')}
          />
        )}
        <Checkbox label="Case-sensitive" {...form.getInputProps('case_sensitive', { type: 'checkbox' })} />
        <TextInput label="Part of speech" {...form.getInputProps('part_of_speech')} />
        <Textarea label="Note" autosize minRows={2} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
