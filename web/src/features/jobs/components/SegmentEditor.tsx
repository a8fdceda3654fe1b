import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../../components/messages';
import { reviewDraftOf, type Segment } from '../api';
import { MarkedText, type Shortcodes } from '../../../components/markup';
import { MemoryMatches } from './MemoryMatches';
import { QaFlags } from './SegmentBadges';

interface SegmentEditorProps {
  segment: Segment;
  /** Which `[name]`s of this segment are tags (`segmentShortcodes`). */
  shortcodes: Shortcodes;
  onSave: (target: string) => Promise<void>;
  onCancel: () => void;
}

/** The whole source, the machine translation and an editable target; the server QA-checks it. */
export function SegmentEditor({ segment, shortcodes, onSave, onCancel }: SegmentEditorProps) {
  const [target, setTarget] = useState(segment.target ?? '');
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const draft = reviewDraftOf(segment);

  const save = async () => {
    setSaving(true);
    setRefusal(null);
    try {
      await onSave(target);
    } catch (error) {
      // A refused edit (markup changed, …) keeps the editor open with the server's reason.
      setRefusal(errorText(error, { fallback: 'The target could not be saved. Please try again later.' }));
      setSaving(false);
    }
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
