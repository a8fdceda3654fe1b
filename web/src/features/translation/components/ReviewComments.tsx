// The customers' comments on a project, a thread per segment: reply, resolve, reopen.
import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../api/permissions';
import { MarkedText } from '../../../components/markup';
import { formatDateTime } from '../../../components/dates';
import { alertFailure } from '../../../components/messages';
import { QueryState } from '../../../components/QueryState';
import type { ProjectId } from '../api';
import { commentsQuery, useReplyToThread, useResolveThread, type CommentThread, type ThreadState } from '../browserReviewApi';

export function ReviewComments({ projectId }: { projectId: ProjectId }) {
  const [state, setState] = useState<ThreadState>('open');
  const query = useQuery(commentsQuery(projectId, state));
  return (
    <Stack gap="sm">
      <SegmentedControl
        size="xs"
        value={state}
        onChange={(value) => setState(value === 'resolved' || value === 'all' ? value : 'open')}
        data={[
          { value: 'open', label: 'Open' },
          { value: 'resolved', label: 'Resolved' },
          { value: 'all', label: 'All' },
        ]}
        aria-label="Show comment threads"
        w="fit-content"
      />
      <QueryState query={query}>
        {(threads) =>
          threads.length === 0 ? (
            <Text c="dimmed">No {state === 'all' ? '' : `${state} `}comments.</Text>
          ) : (
            threads.map((thread) => <Thread key={thread.segment_id} projectId={projectId} thread={thread} />)
          )
        }
      </QueryState>
    </Stack>
  );
}

function Thread({ projectId, thread }: { projectId: ProjectId; thread: CommentThread }) {
  const reply = useReplyToThread(projectId);
  const resolve = useResolveThread(projectId);
  const canWrite = useCan('comments.write');
  const [body, setBody] = useState('');
  const resolved = thread.resolved_at != null;
  return (
    <Paper withBorder p="sm" aria-label={`Comments on ${thread.file_name} ${thread.unit_key}`} component="section">
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={`/job/${thread.job_id}`}>
            {thread.file_name}
          </Anchor>{' '}
          · {thread.unit_key}
        </Text>
        {resolved && thread.resolved_at != null && (
          <Badge color="green" variant="light" tt="none">
            Resolved {formatDateTime(thread.resolved_at)}
          </Badge>
        )}
      </Group>
      <MarkedText text={thread.source} shortcodes={null} lines={3} />
      <MarkedText text={thread.target} shortcodes={null} lines={3} />
      <Stack gap={4} mt="xs">
        {thread.comments.map((comment) => (
          <Paper key={comment.id} p={6} bg={comment.author_kind === 'staff' ? 'blue.0' : 'gray.0'}>
            <Text size="xs" c="dimmed">
              {comment.author_name} {comment.author_kind === 'reviewer' ? '(customer)' : ''} · {formatDateTime(comment.created_at)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {comment.body}
            </Text>
          </Paper>
        ))}
      </Stack>
      {canWrite && (
        <Group gap="xs" mt="xs" align="flex-end" wrap="nowrap">
          <Textarea
            size="xs"
            label="Reply"
            autosize
            minRows={1}
            maxLength={4000}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button
            size="xs"
            disabled={body.trim() === ''}
            loading={reply.isPending}
            onClick={() =>
              reply.mutate(
                { segmentId: thread.segment_id, body: body.trim() },
                {
                  onSuccess: () => setBody(''),
                  onError: (error) => alertFailure(error, 'Could not send the reply', 'Could not send the reply. Please try again.'),
                },
              )
            }
          >
            Send reply
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={resolve.isPending}
            onClick={() =>
              resolve.mutate(
                { segmentId: thread.segment_id, resolved: !resolved },
                { onError: (error) => alertFailure(error, 'Could not change the thread', 'Could not change the thread. Please try again.') },
              )
            }
          >
            {resolved ? 'Reopen' : 'Resolve'}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
