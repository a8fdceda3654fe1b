// One segment of the list: closed (source | translation, its badges) or open (the editor, QA,
// approve, revert, the comment thread, and a refused save's other version).
import { Alert, Badge, Button, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconMessage } from '@tabler/icons-react';
import { memo, useMemo } from 'react';
import { MarkedText, segmentShortcodes, type Shortcodes } from '../../../components/markup';
import { isChanged } from '../filters';
import { preCheck, tagTable, toField } from '../tags';
import type { RowState } from '../useReviewRows';
import { CommentThread } from './CommentThread';
import classes from './SegmentList.module.css';
import { TagEditor } from './TagEditor';

export interface RowActions {
  activate: (id: number) => void;
  setText: (id: number, text: string) => void;
  flush: (id: number) => void;
  approve: (id: number, approved: boolean) => void;
  revert: (id: number) => void;
  comment: (id: number, body: string) => Promise<void>;
  takeTheirs: (id: number) => void;
  keepMine: (id: number) => void;
}

interface SegmentRowProps {
  row: RowState;
  number: number;
  active: boolean;
  readOnly: boolean;
  /** The job's shortcode list. */
  shortcodes: Shortcodes;
  actions: RowActions;
}

const SAVE_LABELS = { saved: 'Saved', pending: 'Unsaved', saving: 'Saving…', failed: 'Not saved' } as const;

export const SegmentRow = memo(function SegmentRow({ row, number, active, readOnly, shortcodes, actions }: SegmentRowProps) {
  const { segment } = row;
  const tags = segmentShortcodes(segment.markup, shortcodes);
  const changed = isChanged(row);
  const badges = (
    <Group gap={4}>
      {segment.approved && (
        <Badge size="xs" color="green" variant="light" tt="none" leftSection={<IconCheck size={10} />}>
          Approved
        </Badge>
      )}
      {changed && (
        <Badge size="xs" color="blue" variant="light" tt="none">
          Changed
        </Badge>
      )}
      {segment.comments.length > 0 && (
        <Badge size="xs" color="gray" variant="light" tt="none" leftSection={<IconMessage size={10} />}>
          {segment.comments.length}
        </Badge>
      )}
      {row.qa.length > 0 && (
        <Badge size="xs" color="orange" variant="light" tt="none">
          QA {row.qa.length}
        </Badge>
      )}
      {row.save !== 'saved' && (
        <Badge size="xs" color={row.save === 'failed' ? 'red' : 'gray'} variant="outline" tt="none">
          {SAVE_LABELS[row.save]}
        </Badge>
      )}
    </Group>
  );

  if (!active) {
    return (
      <UnstyledButton
        className={classes.closed}
        onClick={() => actions.activate(segment.id)}
        data-segment={segment.id}
      >
        <Text size="xs" c="dimmed" className={classes.number}>
          <VisuallyHidden>Segment </VisuallyHidden>
          {number}
        </Text>
        <div className={classes.text}>
          <Text size="xs" c="dimmed" fw={600} truncate>
            {segment.field.label}
          </Text>
          <MarkedText text={segment.source} shortcodes={tags} lines={3} />
        </div>
        <div className={classes.text}>
          <MarkedText text={row.text} shortcodes={tags} lines={3} placeholder="(empty)" />
          {badges}
        </div>
      </UnstyledButton>
    );
  }
  return <OpenRow row={row} number={number} readOnly={readOnly} shortcodes={tags} actions={actions} badges={badges} />;
});

function OpenRow({
  row,
  number,
  readOnly,
  shortcodes,
  actions,
  badges,
}: Omit<SegmentRowProps, 'active'> & { badges: React.ReactNode }) {
  const { segment } = row;
  const checks = useMemo(() => {
    const table = tagTable(segment.source, row.text, shortcodes);
    return preCheck(segment.source, toField(row.text, table, shortcodes), table, shortcodes);
  }, [segment.source, row.text, shortcodes]);
  // Before the server has QA-checked what is typed, the checks made here; then the server's.
  const flags = row.save === 'saved' ? row.qa : checks;

  return (
    <section className={classes.open} aria-label={`Segment ${number}`} data-segment={segment.id}>
      <Group justify="space-between" mb={4}>
        <Text size="xs" c="dimmed">
          Segment {number} · {segment.field.label}
        </Text>
        {badges}
      </Group>
      <Stack gap={8}>
        <div>
          <Text size="xs" fw={700} c="dimmed">
            Source
          </Text>
          <MarkedText text={segment.source} shortcodes={shortcodes} />
        </div>
        {readOnly ? (
          // Nothing to edit: the translation as the page shows it, tags as marks, not placeholders.
          <div aria-label="Translation" role="group">
            <Text size="xs" fw={700} c="dimmed">
              Translation
            </Text>
            <MarkedText text={row.text} shortcodes={shortcodes} placeholder="(empty)" />
          </div>
        ) : (
          <TagEditor
            key={`${segment.id}-${row.replaced}`}
            id={segment.id}
            label="Translation"
            source={segment.source}
            initial={row.text}
            shortcodes={shortcodes}
            onText={(text) => actions.setText(segment.id, text)}
            onBlur={() => actions.flush(segment.id)}
          />
        )}
        {flags.length > 0 && (
          <Stack gap={2} aria-label="QA warnings">
            {flags.map((flag, index) => (
              // Dark text on the open row's yellow: orange letters would be too faint to read.
              <Text key={`${flag.kind}-${index}`} size="xs" c="dark.7">
                <Text span inherit c="orange.8" aria-hidden>
                  ⚠
                </Text>{' '}
                {flag.message}
              </Text>
            ))}
          </Stack>
        )}
        {row.error !== null && (
          <Alert color="red" role="alert" py={4}>
            {row.error}
          </Alert>
        )}
        {row.conflict !== null && (
          <Alert color="yellow" role="alert" title="This segment was changed elsewhere">
            <Text size="sm">{row.conflict.message}</Text>
            <Text size="xs" fw={700} mt={6}>
              Their version
            </Text>
            <MarkedText text={row.conflict.current_text} shortcodes={shortcodes} />
            <Group gap="xs" mt={8}>
              <Button size="xs" variant="default" onClick={() => actions.takeTheirs(segment.id)}>
                Take theirs
              </Button>
              <Button size="xs" onClick={() => actions.keepMine(segment.id)}>
                Keep mine
              </Button>
            </Group>
          </Alert>
        )}
        {!readOnly && (
          <Group gap="xs">
            <Button
              size="xs"
              // Filled, the darker shade: white on the usual green is too faint to read.
              color={segment.approved ? 'teal.9' : 'green'}
              variant={segment.approved ? 'filled' : 'light'}
              leftSection={<IconCheck size={14} />}
              onClick={() => actions.approve(segment.id, !segment.approved)}
              aria-pressed={segment.approved}
            >
              {segment.approved ? 'Approved' : 'Approve'}
            </Button>
            {segment.mt_target !== null && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconArrowBackUp size={14} />}
                onClick={() => actions.revert(segment.id)}
              >
                Revert to machine translation
              </Button>
            )}
          </Group>
        )}
        <CommentThread
          id={segment.id}
          comments={segment.comments}
          readOnly={readOnly}
          onAdd={(body) => actions.comment(segment.id, body)}
        />
      </Stack>
    </section>
  );
}
