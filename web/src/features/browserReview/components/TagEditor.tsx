// The translation field of the open segment: a plain text field in which every tag is a
// numbered placeholder (see ../tags.ts). Edits that would break a placeholder are undone and
// announced; removing and inserting a tag are explicit actions beside the field.
import { Button, Group, Select, Text, Textarea } from '@mantine/core';
import { IconTag, IconTagOff } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import type { Shortcodes } from '../../../components/markup';
import { fromField, insertTag, keepsTags, removeTag, tagTable, tagsIn, toField } from '../tags';

interface TagEditorProps {
  id: number;
  label: string;
  source: string;
  /** The text when the field was opened (or last replaced from outside). */
  initial: string;
  shortcodes: Shortcodes;
  onText: (text: string) => void;
  onBlur: () => void;
}

export const TAG_REFUSED = 'Tags are kept: use “Remove tag” to take one out, and “Insert tag” to put it back or move it.';

export function TagEditor({ id, label, source, initial, shortcodes, onText, onBlur }: TagEditorProps) {
  // The placeholders stay numbered as they were when the field opened, whatever is typed since.
  const [opened] = useState(initial);
  const table = useMemo(() => tagTable(source, opened, shortcodes), [source, opened, shortcodes]);
  const [field, setField] = useState(() => toField(opened, table, shortcodes));
  const [notice, setNotice] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const caret = useRef(field.length);

  const change = (next: string, caretAfter?: number) => {
    setField(next);
    onText(fromField(next, table));
    if (caretAfter !== undefined) {
      requestAnimationFrame(() => {
        input.current?.focus();
        input.current?.setSelectionRange(caretAfter, caretAfter);
      });
    }
  };

  const { present } = tagsIn(field, table);
  const pickedIndex = picked === null ? -1 : Number(picked);
  const pickedPresent = present.includes(pickedIndex);
  const options = table.placeholders.map((placeholder, index) => ({
    value: String(index),
    label: `${placeholder}${present.includes(index) ? '' : ' (removed)'}`,
  }));

  return (
    <div>
      <Textarea
        ref={input}
        id={`review-target-${id}`}
        label={label}
        value={field}
        autosize
        minRows={2}
        maxRows={14}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (keepsTags(field, next, table)) {
            setNotice('');
            change(next);
          } else {
            // React puts the old value back; the caret goes where it was.
            const at = caret.current;
            setNotice(TAG_REFUSED);
            requestAnimationFrame(() => input.current?.setSelectionRange(at, at));
          }
        }}
        onSelect={(event) => {
          caret.current = event.currentTarget.selectionStart;
        }}
        onKeyUp={(event) => {
          caret.current = event.currentTarget.selectionStart;
        }}
        onBlur={onBlur}
        styles={{ input: { fontSize: 15 } }}
        data-segment-field={id}
      />
      <Text size="xs" c="orange.9" role="status" aria-live="polite" mt={notice === '' ? 0 : 4}>
        {notice}
      </Text>
      {table.placeholders.length > 0 && (
        <Group gap="xs" mt={6} align="flex-end">
          <Select
            size="xs"
            label="Tag"
            placeholder="Choose a tag"
            data={options}
            value={picked}
            onChange={setPicked}
            w={220}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            size="xs"
            variant="light"
            color={pickedPresent ? 'red' : 'blue'}
            disabled={pickedIndex === -1}
            leftSection={pickedPresent ? <IconTagOff size={14} /> : <IconTag size={14} />}
            onClick={() => {
              if (pickedPresent) {
                change(removeTag(field, table, pickedIndex));
              } else {
                const inserted = insertTag(field, table, pickedIndex, caret.current);
                caret.current = inserted.caret;
                change(inserted.value, inserted.caret);
              }
            }}
          >
            {pickedIndex === -1 ? 'Remove / insert tag' : pickedPresent ? 'Remove tag' : 'Insert tag at cursor'}
          </Button>
        </Group>
      )}
    </div>
  );
}
