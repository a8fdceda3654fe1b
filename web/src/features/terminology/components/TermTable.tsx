import { ActionIcon, Badge, Button, Group, Menu, Select, SimpleGrid, Text, TextInput, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconEdit, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useCan } from '../../../api/permissions';
import type { ClientId } from '../../../api/types';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryState } from '../../../components/QueryState';
import { SearchBox } from '../../../components/SearchBox';
import { alertFailure, confirmDestructive } from '../../../components/messages';
import { useListParams } from '../../../components/useListParams';
import {
  KIND_LABELS,
  termsQuery,
  useDeleteTerm,
  useExportTerms,
  type Term,
  type TermFormat,
  type TermKind,
  type TermListParams,
} from '../api';
import { ImportTermsModal } from './ImportTermsModal';
import { Suggestions } from './Suggestions';
import { TermFormModal } from './TermFormModal';
import { TermProposals } from './TermProposals';

const KIND_COLORS: Record<TermKind, string> = { preferred: 'blue', forbidden: 'red', do_not_translate: 'gray' };

/** A client's termbase: filters, the paged list, and (for administrators and editors) changes. */
export function TermTable({ clientId }: { clientId: ClientId }) {
  const list = useListParams({
    filters: ['q', 'kind', 'source_lang', 'target_lang'] as const,
    defaultSort: { key: 'source', direction: 'asc' },
    prefix: 'tb_',
  });
  const params: TermListParams = {
    ...list.params,
    sort: list.params.sort as TermListParams['sort'],
    q: list.activeFilters.q,
    kind: list.activeFilters.kind as TermKind | undefined,
    source_lang: list.activeFilters.source_lang,
    target_lang: list.activeFilters.target_lang,
  };
  const query = useQuery(termsQuery(clientId, params));
  const canWrite = useCan('terms.write');
  const [editing, setEditing] = useState<Term | undefined>(undefined);
  const [formOpen, form] = useDisclosure(false);
  const [importOpen, importModal] = useDisclosure(false);
  const remove = useDeleteTerm(clientId);
  const exportTerms = useExportTerms(clientId);

  const columns = useMemo<Column<Term>[]>(
    () => [
      { key: 'source', header: 'Source term', render: (term) => <Text fw={500}>{term.source}</Text>, sortKey: 'source' },
      {
        key: 'targets',
        header: 'Target terms',
        render: (term) => (term.kind === 'do_not_translate' ? <Text c="dimmed">{term.source}</Text> : (term.targets ?? []).join(', ')),
      },
      {
        key: 'kind',
        header: 'Kind',
        sortKey: 'kind',
        render: (term) => (
          <Badge variant="light" color={KIND_COLORS[term.kind]} tt="none">
            {KIND_LABELS[term.kind]}
          </Badge>
        ),
      },
      { key: 'pair', header: 'Languages', sortKey: 'pair', render: (term) => `${term.source_lang} → ${term.target_lang}` },
      { key: 'case', header: 'Case', render: (term) => (term.case_sensitive ? 'Aa' : ''), visibleFrom: 'sm' },
      {
        key: 'actions',
        header: '',
        align: 'right',
        render: (term) =>
          canWrite && (
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <Tooltip label="Edit term">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Edit term ${term.source}`}
                  onClick={() => {
                    setEditing(term);
                    form.open();
                  }}
                >
                  <IconEdit size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete term">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete term ${term.source}`}
                  onClick={() =>
                    confirmDestructive({
                      title: 'Delete term',
                      message: `Delete "${term.source}" (${term.source_lang} → ${term.target_lang})?`,
                      confirmLabel: 'Delete',
                      onConfirm: () =>
                        remove.mutate(term.id, {
                          onError: (error) => alertFailure(error, 'Could not delete the term', 'Could not delete the term.'),
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
    [canWrite, form, remove],
  );

  const download = (format: TermFormat) =>
    exportTerms.mutate(format, {
      onError: (error) => alertFailure(error, 'Could not export the termbase', 'Could not export the termbase.'),
    });

  return (
    <>
      <Group justify="flex-end" mb="sm">
        {canWrite && (
          <>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => {
                setEditing(undefined);
                form.open();
              }}
            >
              Add term
            </Button>
            <Button variant="light" leftSection={<IconUpload size={16} />} onClick={importModal.open}>
              Import
            </Button>
          </>
        )}
        <Menu>
          <Menu.Target>
            <Button variant="light" leftSection={<IconDownload size={16} />} loading={exportTerms.isPending}>
              Export
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => download('csv')}>CSV</Menu.Item>
            <Menu.Item onClick={() => download('xlsx')}>XLSX</Menu.Item>
            <Menu.Item onClick={() => download('tbx')}>TBX (v3, TBX-Basic)</Menu.Item>
            <Menu.Item onClick={() => download('tbx2')}>TBX v2 (older tools)</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Suggestions clientId={clientId} canWrite={canWrite} />
      <TermProposals clientId={clientId} />
      <SimpleGrid cols={{ base: 1, sm: 4 }} mb="sm" role="search" aria-label="Filter terms">
        <SearchBox label="Search terms" value={list.filters.q} onSearch={(value) => list.setFilter('q', value)} />
        <Select
          label="Kind"
          clearable
          placeholder="Any kind"
          value={list.filters.kind || null}
          data={(Object.keys(KIND_LABELS) as TermKind[]).map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          onChange={(value) => list.setFilter('kind', value ?? '')}
        />
        <TextInput
          label="Source language"
          placeholder="e.g. en"
          defaultValue={list.filters.source_lang}
          onBlur={(event) => list.setFilter('source_lang', event.currentTarget.value)}
        />
        <TextInput
          label="Target language"
          placeholder="e.g. de"
          defaultValue={list.filters.target_lang}
          onBlur={(event) => list.setFilter('target_lang', event.currentTarget.value)}
        />
      </SimpleGrid>
      <QueryState query={query}>
        {(page) => (
          <DataTable
            page={page}
            columns={columns}
            rowKey={(term) => term.id}
            emptyText="No terms yet."
            noMatchText="No terms match these filters."
            filtered={Object.keys(list.activeFilters).length > 0}
            noun="terms"
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
      <TermFormModal clientId={clientId} opened={formOpen} onClose={form.close} term={editing} />
      <ImportTermsModal clientId={clientId} opened={importOpen} onClose={importModal.close} />
    </>
  );
}
