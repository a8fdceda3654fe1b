// The editor's dialogs: the shortcuts (F1 or ?), the concordance search in the client's memory
// (Ctrl+K) and find and replace across the job (Ctrl+H), with its preview.
import { Alert, Button, Checkbox, Group, Kbd, Modal, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { MarkedText, segmentShortcodes, type Shortcodes } from '../../../components/markup';
import { concordanceQuery, type JobId, type Segment } from '../api';
import { replaceInText } from './chips';
import { SHORTCUTS } from './shortcuts';

export function ShortcutHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="lg">
      <Table verticalSpacing={6} aria-label="Keyboard shortcuts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Keys</Table.Th>
            <Table.Th>What they do</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SHORTCUTS.map((shortcut) => (
            <Table.Tr key={shortcut.action}>
              <Table.Td>
                <Group gap={4} wrap="wrap">
                  {shortcut.keys.map((keys, index) => (
                    <span key={keys}>
                      {index > 0 && <Text span size="xs" c="dimmed" mr={4}>or</Text>}
                      <Kbd size="xs">{keys}</Kbd>
                    </span>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{shortcut.label}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="sm">
        Tags and shortcodes are chips: Backspace and Delete remove a chip whole, and F9 puts back the next one the source has.
        Shift+Enter types a line break.
      </Text>
    </Modal>
  );
}

export function Concordance({
  jobId,
  opened,
  initial,
  shortcodes,
  onInsert,
  onClose,
}: {
  jobId: JobId;
  opened: boolean;
  initial: string;
  shortcodes: Shortcodes;
  onInsert: ((text: string) => void) | undefined;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState(initial);
  const [q, setQ] = useState(initial.trim());
  const found = useQuery(concordanceQuery(jobId, q));
  return (
    <Modal opened={opened} onClose={onClose} title="Concordance: the client's memory" size="xl">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setQ(typed.trim());
        }}
      >
        <Group gap="xs" align="flex-end">
          <TextInput
            label="Text in the source or the translation"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            data-autofocus
            style={{ flex: 1 }}
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      <Stack gap="xs" mt="md" aria-live="polite">
        {q === '' ? null : found.isPending ? (
          <Text c="dimmed">Searching…</Text>
        ) : found.isError ? (
          <Alert color="red" role="alert">
            The memory could not be searched.
          </Alert>
        ) : found.data.length === 0 ? (
          <Text c="dimmed">Nothing in the memory holds “{q}”.</Text>
        ) : (
          <ScrollArea.Autosize mah="60dvh">
            <Table verticalSpacing={6} aria-label="Concordance results">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Source</Table.Th>
                  <Table.Th>Translation</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {found.data.map((entry) => {
                  const tags = segmentShortcodes(entry.markup, shortcodes);
                  return (
                    <Table.Tr key={entry.id}>
                      <Table.Td>
                        <MarkedText text={entry.source} shortcodes={tags} />
                      </Table.Td>
                      <Table.Td>
                        <MarkedText text={entry.target} shortcodes={tags} />
                      </Table.Td>
                      <Table.Td>
                        {onInsert !== undefined && (
                          <Button size="compact-xs" variant="light" onClick={() => onInsert(entry.target)}>
                            Insert
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}

export interface Replacement {
  segment: Segment;
  before: string;
  after: string;
  count: number;
}

/** What replacing `find` by `replacement` does to each segment's target (text only, never the markup). */
export function previewReplace(
  segments: readonly Segment[],
  find: string,
  replacement: string,
  shortcodes: Shortcodes,
  matchCase: boolean,
): Replacement[] {
  if (find === '') return [];
  const out: Replacement[] = [];
  for (const segment of segments) {
    const target = segment.target;
    if (!segment.translatable || target === null || target === undefined) continue;
    const tags = segmentShortcodes(segment.markup, shortcodes);
    const { text, count } = replaceInText(target, find, replacement, tags, matchCase);
    if (count > 0) out.push({ segment, before: target, after: text, count });
  }
  return out;
}

const PREVIEW_ROWS = 100;

export function FindReplace({
  opened,
  segments,
  shortcodes,
  canEdit,
  onReplace,
  onClose,
}: {
  opened: boolean;
  segments: readonly Segment[];
  shortcodes: Shortcodes;
  canEdit: boolean;
  onReplace: (replacements: Replacement[]) => void;
  onClose: () => void;
}) {
  const [find, setFind] = useState('');
  const [replacement, setReplacement] = useState('');
  const [matchCase, setMatchCase] = useState(false);
  const preview = useMemo(
    () => previewReplace(segments, find, replacement, shortcodes, matchCase),
    [segments, find, replacement, shortcodes, matchCase],
  );
  const total = preview.reduce((sum, item) => sum + item.count, 0);
  return (
    <Modal opened={opened} onClose={onClose} title="Find and replace in the job" size="xl">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (preview.length > 0 && canEdit) onReplace(preview);
        }}
      >
        <Stack gap="xs">
          <Group grow align="flex-end">
            <TextInput label="Find" value={find} onChange={(event) => setFind(event.currentTarget.value)} data-autofocus />
            <TextInput label="Replace with" value={replacement} onChange={(event) => setReplacement(event.currentTarget.value)} />
          </Group>
          <Checkbox label="Match case" checked={matchCase} onChange={(event) => setMatchCase(event.currentTarget.checked)} />
          <Text size="sm" aria-live="polite">
            {find === ''
              ? 'Type the text to find in the targets (tags and shortcodes are never changed).'
              : `${total} replacement${total === 1 ? '' : 's'} in ${preview.length} segment${preview.length === 1 ? '' : 's'}`}
          </Text>
          {preview.length > 0 && (
            <ScrollArea.Autosize mah="50dvh">
              <Table verticalSpacing={6} aria-label="Replacement preview">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th>Now</Table.Th>
                    <Table.Th>After</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.slice(0, PREVIEW_ROWS).map((item) => {
                    const tags = segmentShortcodes(item.segment.markup, shortcodes);
                    return (
                      <Table.Tr key={item.segment.id}>
                        <Table.Td>{item.segment.position + 1}</Table.Td>
                        <Table.Td>
                          <MarkedText text={item.before} shortcodes={tags} />
                        </Table.Td>
                        <Table.Td>
                          <MarkedText text={item.after} shortcodes={tags} />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={preview.length === 0 || !canEdit}>
              Replace in {preview.length} segment{preview.length === 1 ? '' : 's'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
