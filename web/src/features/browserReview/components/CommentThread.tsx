import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../components/dates';
import type { ReviewComment } from '../api';

interface CommentThreadProps {
  id: number;
  comments: readonly ReviewComment[];
  readOnly: boolean;
  onAdd: (body: string) => Promise<void>;
}

/** A segment's comments (the customer's and the agency's replies) and a field to add one. */
export function CommentThread({ id, comments, readOnly, onAdd }: CommentThreadProps) {
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trimmed = body.trim();

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await onAdd(trimmed);
      setBody('');
    } catch {
      setError('The comment could not be sent. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={6}>
      {comments.map((comment) => (
        <Paper key={comment.id} withBorder p={6} bg={comment.author_kind === 'staff' ? 'blue.0' : undefined}>
          <Text size="xs" c="dimmed">
            {comment.author_name}
            {comment.author_kind === 'staff' ? ' (agency)' : ''} · {formatDateTime(comment.created_at)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.body}
          </Text>
        </Paper>
      ))}
      {!readOnly && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            size="xs"
            label="Comment"
            placeholder="A question or remark for the agency"
            value={body}
            maxLength={4000}
            autosize
            minRows={1}
            maxRows={5}
            onChange={(event) => setBody(event.currentTarget.value)}
            style={{ flex: 1 }}
            id={`review-comment-${id}`}
            error={error}
          />
          <Button size="xs" variant="default" disabled={trimmed === ''} loading={busy} onClick={() => void send()}>
            Add comment
          </Button>
        </Group>
      )}
    </Stack>
  );
}
