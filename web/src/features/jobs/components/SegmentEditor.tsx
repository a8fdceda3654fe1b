import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../../components/messages';
import { reviewDraftOf, staleEditOf, type Segment, type StaleEdit } from '../api';
import { MarkedText, type Shortcodes } from '../../../components/markup';
import { MemoryMatches } from './MemoryMatches';
import { QaFlags } from './SegmentBadges';

interface SegmentEditorProps {
  segment: Segment;
  /** Which `[name]`s of this segment are tags (`segmentShortcodes`). */
  shortcodes: Shortcodes;
  /** Saves `target`, made on the segment's `baseRevision`. */
  onSave: (target: string, baseRevision: number) => Promise<void>;
  onCancel: () => void;
}

/**
 * The whole source, the machine translation and an editable target; the server QA-checks it.
 * When someone else saved the segment after it was opened, the save is refused and both texts
 * are shown: take theirs, or save yours over it.
 */
export function SegmentEditor({ segment, shortcodes, onSave, onCancel }: SegmentEditorProps) {
  const [target, setTarget] = useState(segment.target ?? '');
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The revision this text is made on: the segment's when opened, the current one once the
  // editor has seen a conflicting save.
  const [baseRevision, setBaseRevision] = useState(segment.revision);
  const [conflict, setConflict] = useState<StaleEdit | null>(null);
  const draft = reviewDraftOf(segment);

  const save = async () => {
    setSaving(true);
    setRefusal(null);
    setConflict(null);
    try {
      await onSave(target, baseRevision);
    } catch (error) {
      // A refused edit (markup changed, saved by someone else, …) keeps the editor open.
      const stale = staleEditOf(error, segment.id);
      if (stale === null) {
        setRefusal(errorText(error, { fallback: 'The target could not be saved. Please try again later.' }));
      } else {
        setConflict(stale);
        setBaseRevision(stale.current_revision);
      }
      setSaving(false);
    }
  };

  const takeTheirs = (stale: StaleEdit) => {
    setTarget(stale.current_target ?? '');
    setConflict(null);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap={6}>
        <div>
          <Text size="xs" fw={700} c="dimmed">
            Source
          </Text>
          <MarkedText text={segment.source} shortcodes={shortcodes} />
        </div>
        {segment.mt_target !== null && (
          <div>
            <Group gap="xs">
              <Text size="xs" fw={700} c="dimmed">
                Machine translation
              </Text>
              <Button size="compact-xs" variant="subtle" onClick={() => setTarget(segment.mt_target ?? '')}>
                Use it
              </Button>
            </Group>
            <MarkedText text={segment.mt_target} shortcodes={shortcodes} />
          </div>
        )}
        {draft !== null && (
          <div>
            <Group gap="xs">
              <Text size="xs" fw={700} c="grape.8">
                Customer's review draft (not applied yet)
              </Text>
              <Button size="compact-xs" variant="subtle" onClick={() => setTarget(draft)}>
                Use it
              </Button>
            </Group>
            <MarkedText text={draft} shortcodes={shortcodes} />
          </div>
        )}
        <MemoryMatches segmentId={segment.id} source={segment.source} onUse={setTarget} />
        <QaFlags segment={segment} />
        <Textarea
          label="Target"
          value={target}
          onChange={(event) => setTarget(event.currentTarget.value)}
          rows={4}
          resize="vertical"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          data-autofocus
        />
        {conflict !== null && (
          <Alert color="orange" role="alert" py={6} title="Saved by someone else meanwhile" style={{ overflowWrap: 'anywhere' }}>
            <Stack gap={4}>
              <Text size="sm">Your text was not saved. The segment now holds:</Text>
              {conflict.current_target === null ? (
                <Text size="sm" fs="italic">
                  No target
                </Text>
              ) : (
                <MarkedText text={conflict.current_target} shortcodes={shortcodes} />
              )}
              <Group gap="xs">
                <Button size="compact-xs" variant="light" onClick={() => takeTheirs(conflict)}>
                  Use their text
                </Button>
                <Button size="compact-xs" variant="light" color="orange" onClick={() => void save()}>
                  Save mine over it
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {refusal !== null && (
          <Alert color="yellow" role="alert" py={6} style={{ overflowWrap: 'anywhere' }}>
            {refusal}
          </Alert>
        )}
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="xs" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" size="xs" loading={saving}>
            Save target
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
