// Beside the open segment: its memory matches, the termbase's entries in its source (forbidden
// ones marked), its QA warnings, its comments and its history.
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useCan } from '../../../api/permissions';
import type { SegmentMatch } from '../../../api/types';
import { formatDateTime } from '../../../components/dates';
import { MarkedText, segmentShortcodes, type Shortcodes } from '../../../components/markup';
import { errorText } from '../../../components/messages';
import { commentOn, jobCommentsQuery, resolveThread, reviewDraftOf, type JobId, type Segment } from '../api';
import { MemoryMatches } from '../components/MemoryMatches';
import { SegmentHistory } from '../components/SegmentHistory';
import { isDraft, STATUS_COLORS, STATUS_LABELS, qaFlagLabel } from '../labels';
import { findTerms, termHint, type JobTerm } from '../termHighlight';

export interface Warning {
  kind: string;
  message: string;
}

interface SidePanelProps {
  jobId: JobId;
  segment: Segment | null;
  shortcodes: Shortcodes;
  terms: readonly JobTerm[];
  matches: readonly SegmentMatch[] | undefined;
  /** The warnings of the target being typed (tags missing or added), before the server's QA. */
  live: readonly Warning[];
  onInsertMatch?: ((n: number) => void) | undefined;
  onUse?: ((text: string) => void) | undefined;
  /** Acknowledges a warning of the server's QA (absent for who may not edit). */
  onAcknowledge?: ((flag: Warning) => void) | undefined;
  commentRef?: React.Ref<HTMLTextAreaElement>;
  /** What the page adds for the open segment (staff's return of it to the translator). */
  actions?: ReactNode;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Title order={3} size="sm" mb={4}>
        {title}
      </Title>
      {children}
    </section>
  );
}

export function SidePanel({ jobId, segment, shortcodes, terms, matches, live, onInsertMatch, onUse, onAcknowledge, commentRef, actions }: SidePanelProps) {
  if (segment === null) {
    return (
      <Paper withBorder p="sm">
        <Text c="dimmed" size="sm">
          Open a segment to see its matches, terms, QA warnings, comments and history.
        </Text>
      </Paper>
    );
  }
  const tags = segmentShortcodes(segment.markup, shortcodes);
  const found = uniqueTerms(segment.source, terms);
  const draft = reviewDraftOf(segment);
  return (
    <Paper withBorder p="sm" aria-label="Segment details" component="aside">
      <Stack gap="md">
        <Group gap="xs" justify="space-between">
          <Title order={2} size="h5">
            Segment {segment.position + 1}
          </Title>
          <Badge variant="light" color={STATUS_COLORS[segment.status]} tt="none">
            {STATUS_LABELS[segment.status]}
            {isDraft(segment) ? ' (draft)' : ''}
          </Badge>
        </Group>
        {actions}
        <Section title="Memory matches">
          {matches === undefined ? (
            <Text size="sm" c="dimmed">
              Looking up…
            </Text>
          ) : matches.length === 0 ? (
            <Text size="sm" c="dimmed">
              No match in the memory.
            </Text>
          ) : (
            <MemoryMatches matches={matches} source={segment.source} shortcodes={tags} onInsert={onInsertMatch} />
          )}
        </Section>
        {segment.mt_target !== null && (
          <Section title="Machine translation">
            <MarkedText text={segment.mt_target} shortcodes={tags} />
            {onUse !== undefined && (
              <Button size="compact-xs" variant="subtle" onClick={() => onUse(segment.mt_target ?? '')}>
                Use it
              </Button>
            )}
          </Section>
        )}
        {draft !== null && (
          <Section title="Customer's review draft">
            <MarkedText text={draft} shortcodes={tags} />
            {onUse !== undefined && (
              <Button size="compact-xs" variant="subtle" onClick={() => onUse(draft)}>
                Use it
              </Button>
            )}
          </Section>
        )}
        <Section title="Terms">
          {found.length === 0 ? (
            <Text size="sm" c="dimmed">
              No termbase entry in this source.
            </Text>
          ) : (
            <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {found.map((term) => (
                <li key={`${term.kind}-${term.source}`} data-term={term.kind}>
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    {term.kind === 'forbidden' && (
                      <Badge size="xs" color="red" variant="filled" tt="none">
                        Forbidden
                      </Badge>
                    )}
                    {term.kind === 'do_not_translate' && (
                      <Badge size="xs" color="gray" variant="light" tt="none">
                        Do not translate
                      </Badge>
                    )}
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {termHint(term)}
                    </Text>
                  </Group>
                </li>
              ))}
            </Stack>
          )}
        </Section>
        <Section title="QA warnings">
          <Warnings segment={segment} live={live} onAcknowledge={onAcknowledge} />
        </Section>
        <Section title="Comments">
          <Comments jobId={jobId} segment={segment} commentRef={commentRef} />
        </Section>
        <History jobId={jobId} segment={segment} shortcodes={shortcodes} />
      </Stack>
    </Paper>
  );
}

/** Each entry found in `source` once, in the order they occur. */
function uniqueTerms(source: string, terms: readonly JobTerm[]): JobTerm[] {
  const seen = new Set<JobTerm>();
  for (const match of findTerms(source, terms)) seen.add(match.term);
  return [...seen];
}

function Warnings({
  segment,
  live,
  onAcknowledge,
}: {
  segment: Segment;
  live: readonly Warning[];
  onAcknowledge: ((flag: Warning) => void) | undefined;
}) {
  if (live.length === 0 && segment.qa_flags.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None.
      </Text>
    );
  }
  const acknowledged = segment.qa_acknowledged;
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {live.map((flag) => (
        <li key={`live-${flag.kind}`} data-qa-warning={flag.kind}>
          <Text size="sm">
            <Badge size="xs" color="orange" variant="light" tt="none" mr={6}>
              {qaFlagLabel(flag.kind)}
            </Badge>
            {flag.message}
          </Text>
        </li>
      ))}
      {segment.qa_flags.map((flag, index) => {
        const ack = acknowledged.find((candidate) => candidate.kind === flag.kind && candidate.message === flag.message);
        return (
          <li key={`${flag.kind}-${index}`} data-qa-warning={flag.kind} data-acknowledged={ack !== undefined}>
            <Text size="sm">
              <Badge size="xs" color={ack === undefined ? 'orange' : 'gray'} variant="light" tt="none" mr={6}>
                {qaFlagLabel(flag.kind)}
              </Badge>
              {flag.message}
            </Text>
            {ack !== undefined ? (
              <Text size="xs" c="dimmed">
                Acknowledged by {ack.by ?? 'a deleted user'}, {formatDateTime(ack.at)}
              </Text>
            ) : (
              onAcknowledge !== undefined && (
                <Button size="compact-xs" variant="subtle" onClick={() => onAcknowledge(flag)}>
                  Acknowledge
                </Button>
              )
            )}
          </li>
        );
      })}
    </Stack>
  );
}

function Comments({ jobId, segment, commentRef }: { jobId: JobId; segment: Segment; commentRef?: React.Ref<HTMLTextAreaElement> | undefined }) {
  const canWrite = useCan('comments.write');
  const queryClient = useQueryClient();
  const threads = useQuery(jobCommentsQuery(jobId));
  const thread = threads.data?.find((candidate) => candidate.segment_id === segment.id);
  const [body, setBody] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: jobCommentsQuery(jobId).queryKey });
  const post = useMutation({
    mutationFn: () => commentOn(jobId, segment.id, body.trim()),
    onSuccess: async () => {
      setBody('');
      await refresh();
    },
  });
  const resolve = useMutation({
    mutationFn: (resolved: boolean) => resolveThread(jobId, segment.id, resolved),
    onSuccess: refresh,
  });
  const failure = post.error ?? resolve.error;
  return (
    <Stack gap={6}>
      {thread === undefined || thread.comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No comment on this segment.
        </Text>
      ) : (
        <>
          {thread.comments.map((comment) => (
            <div key={comment.id}>
              <Text size="xs" c="dimmed">
                {comment.author_name} · {formatDateTime(comment.created_at)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {comment.body}
              </Text>
            </div>
          ))}
          <Group gap="xs">
            <Badge size="sm" variant="light" color={thread.resolved_at === null ? 'orange' : 'green'} tt="none">
              {thread.resolved_at === null ? 'Open' : 'Resolved'}
            </Badge>
            {canWrite && (
              <Button size="compact-xs" variant="light" loading={resolve.isPending} onClick={() => resolve.mutate(thread.resolved_at === null)}>
                {thread.resolved_at === null ? 'Resolve' : 'Reopen'}
              </Button>
            )}
          </Group>
        </>
      )}
      {canWrite && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (body.trim() !== '') post.mutate();
          }}
        >
          <Textarea
            ref={commentRef}
            aria-label="Comment"
            placeholder="Write a comment"
            autosize
            minRows={1}
            maxRows={6}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                if (body.trim() !== '') post.mutate();
              }
            }}
          />
          <Group justify="flex-end" mt={4}>
            <Button type="submit" size="compact-sm" variant="light" loading={post.isPending} disabled={body.trim() === ''}>
              Comment
            </Button>
          </Group>
        </form>
      )}
      {failure !== null && (
        <Alert color="red" role="alert" py={4}>
          {errorText(failure, { fallback: 'The comment could not be saved.' })}
        </Alert>
      )}
    </Stack>
  );
}

function History({ jobId, segment, shortcodes }: { jobId: JobId; segment: Segment; shortcodes: Shortcodes }) {
  const [shown, setShown] = useState<number | null>(null);
  return (
    <Section title="History">
      {shown === segment.id ? (
        <SegmentHistory jobId={jobId} segment={segment} shortcodes={shortcodes} />
      ) : (
        <Button size="compact-xs" variant="subtle" onClick={() => setShown(segment.id)}>
          Show the history of segment {segment.position + 1}
        </Button>
      )}
    </Section>
  );
}
