import { ActionIcon, Alert, Button, FileInput, Group, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconEdit, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useCan } from '../../../api/permissions';
import type { ClientId } from '../../../api/types';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryState } from '../../../components/QueryState';
import { SearchBox } from '../../../components/SearchBox';
import { alertFailure, confirmDestructive, errorText } from '../../../components/messages';
import { useListParams } from '../../../components/useListParams';
import { type MemoryEntry, memoryQuery, useDeleteEntry, useExportMemory, useImportMemory, useUpdateEntry } from '../api';

/** A client's translation memory: concordance search, paged entries, edit, delete, TMX in and out. */
export function MemoryTable({ clientId }: { clientId: ClientId }) {
  const list = useListParams({ filters: ['q'] as const, defaultSort: { key: 'updated', direction: 'desc' }, prefix: 'tm_' });
  const params = { limit: list.params.limit, offset: list.params.offset, q: list.activeFilters.q };
  const query = useQuery(memoryQuery(clientId, params));
  const [editing, setEditing] = useState<MemoryEntry | undefined>(undefined);
  const [importOpen, importModal] = useDisclosure(false);
  const remove = useDeleteEntry(clientId);
  const canWrite = useCan('memory.write');
  const exportMemory = useExportMemory(clientId);

  const columns = useMemo<Column<MemoryEntry>[]>(
    () => [
      { key: 'source', header: 'Source', render: (entry) => <Text style={{ overflowWrap: 'anywhere' }}>{entry.source}</Text> },
      { key: 'target', header: 'Target', render: (entry) => <Text style={{ overflowWrap: 'anywhere' }}>{entry.target}</Text> },
      { key: 'pair', header: 'Languages', render: (entry) => `${entry.source_lang} → ${entry.target_lang}`, visibleFrom: 'sm' },
      {
        key: 'actions',
        header: '',
        align: 'right',
        render: (entry) => (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Tooltip label="Edit entry">
              <ActionIcon variant="subtle" aria-label={`Edit entry ${entry.source}`} onClick={() => setEditing(entry)}>
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete entry">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete entry ${entry.source}`}
                onClick={() =>
                  confirmDestructive({
                    title: 'Delete entry',
                    message: `Delete "${entry.source}" (${entry.source_lang} → ${entry.target_lang}) from the memory?`,
                    confirmLabel: 'Delete',
                    onConfirm: () =>
                      remove.mutate(entry.id, {
                        onError: (error) => alertFailure(error, 'Could not delete the entry', 'Could not delete the entry.'),
                      }),
                  })
                }
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
      },
    ],
    [remove],
  );

  return (
    <>
      <Group justify="space-between" mb="sm" align="flex-end">
        <div role="search" aria-label="Search the memory">
          <SearchBox label="Search sources and targets" value={list.filters.q} onSearch={(value) => list.setFilter('q', value)} />
        </div>
        <Group>
          {canWrite && (
            <Button variant="light" leftSection={<IconUpload size={16} />} onClick={importModal.open}>
              Import TMX
            </Button>
          )}
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={exportMemory.isPending}
            onClick={() =>
              exportMemory.mutate(undefined, {
                onError: (error) => alertFailure(error, 'Could not export the memory', 'Could not export the memory.'),
              })
            }
          >
            Export TMX
          </Button>
        </Group>
      </Group>
      <QueryState query={query}>
        {(page) => (
          <DataTable
            page={page}
            // Who may only read the memory gets no edit and delete actions.
            columns={canWrite ? columns : columns.filter((column) => column.key !== 'actions')}
            rowKey={(entry) => entry.id}
            emptyText="The memory is empty."
            noMatchText="No entries match this search."
            filtered={Object.keys(list.activeFilters).length > 0}
            noun="entries"
            sort={list.sort}
            onSort={list.toggleSort}
            currentPage={list.page}
            pageSize={list.pageSize}
            onPage={list.setPage}
            limited={list.limited}
            fetching={query.isPlaceholderData}
          />
        )}
      </QueryState>
      {editing !== undefined && <EditEntryModal clientId={clientId} entry={editing} onClose={() => setEditing(undefined)} />}
      <ImportMemoryModal clientId={clientId} opened={importOpen} onClose={importModal.close} />
    </>
  );
}

function EditEntryModal({ clientId, entry, onClose }: { clientId: ClientId; entry: MemoryEntry; onClose: () => void }) {
  const [target, setTarget] = useState(entry.target);
  const update = useUpdateEntry(clientId);
  const blank = target.trim() === '';
  return (
    <Modal opened onClose={onClose} title="Edit memory entry">
      <Stack>
        <Text size="sm">{entry.source}</Text>
        <Textarea
          label="Target"
          autosize
          minRows={2}
          value={target}
          onChange={(event) => setTarget(event.currentTarget.value)}
          error={blank ? 'The target must not be blank; delete the entry instead' : undefined}
        />
        {update.isError && (
          <Text c="red" size="sm" role="alert">
            {errorText(update.error, { fallback: 'Could not save the entry.' })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={blank} loading={update.isPending} onClick={() => update.mutate({ id: entry.id, target }, { onSuccess: onClose })}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ImportMemoryModal({ clientId, opened, onClose }: { clientId: ClientId; opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useImportMemory(clientId);
  const close = () => {
    upload.reset();
    setFile(null);
    onClose();
  };
  const report = upload.data;
  return (
    <Modal opened={opened} onClose={close} title="Import a TMX file">
      <Stack>
        <Text size="sm">A TMX 1.4 file from any tool (UTF-8 or UTF-16). The whole file is refused if it cannot be read to its end.</Text>
        <FileInput label="TMX file" placeholder="Choose a file" value={file} onChange={setFile} clearable />
        {upload.isError && (
          <Alert color="red" role="alert" title="Nothing was imported">
            {errorText(upload.error, { fallback: 'The file could not be imported.' })}
          </Alert>
        )}
        {report !== undefined && (
          <Alert color="green" role="status" title="Imported">
            <Text size="sm">
              {report.units} units read, giving {report.entries} entries: {report.added} added, {report.updated} replacing
              an entry with the same source, {report.merged} replaced by a later unit of the file with the same source.
            </Text>
            {report.merged_examples.length > 0 && (
              <Text size="sm">Replaced within the file, for example: {report.merged_examples.map((s) => `“${s}”`).join(', ')}.</Text>
            )}
            {(report.skipped > 0 || report.empty_targets > 0) && (
              <Text size="sm">
                Not taken: {report.skipped} units without a text in their source language, {report.empty_targets} empty
                translations.
              </Text>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Done
          </Button>
          <Button disabled={file === null} loading={upload.isPending} onClick={() => file !== null && upload.mutate(file)}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
