import { Alert, Anchor, Checkbox, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LanguageFlag } from '../../../components/flags/LanguageFlag';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { jobQuery, useSaveSegments, type JobDetail, type Segment, type SegmentStatus } from '../api';
import { STATUS_LABELS } from '../labels';
import { SegmentTable } from '../components/SegmentTable';

export const JOB_NOT_FOUND = 'Job not found';

/** `onSaved` lets the owner of the job's project refresh its counts after an edit. */
export function JobPage({ onSaved }: { onSaved?: () => Promise<unknown> }) {
  const raw = useParams().id;
  if (raw === undefined || !/^\d+$/.test(raw)) {
    return (
      <Alert color="yellow" role="alert">
        {JOB_NOT_FOUND}
      </Alert>
    );
  }
  return <JobDetailView id={Number(raw)} onSaved={onSaved} />;
}

function JobDetailView({ id, onSaved }: { id: number; onSaved?: () => Promise<unknown> }) {
  const query = useQuery(jobQuery(id));
  return (
    <QueryState query={query} notFound={JOB_NOT_FOUND}>
      {(job) => <JobSegments job={job} onSaved={onSaved} />}
    </QueryState>
  );
}

export interface SegmentFilter {
  text: string;
  status: SegmentStatus | null;
  flaggedOnly: boolean;
}

/** Segments matching the filter: text in source, targets or context; a status; QA flags. */
export function filterSegments(segments: readonly Segment[], filter: SegmentFilter): readonly Segment[] {
  const needle = filter.text.trim().toLocaleLowerCase();
  if (needle === '' && filter.status === null && !filter.flaggedOnly) return segments;
  return segments.filter(
    (segment) =>
      (filter.status === null || segment.status === filter.status) &&
      (!filter.flaggedOnly || segment.qa_flags.length > 0) &&
      (needle === '' ||
        [segment.source, segment.target, segment.mt_target, segment.resname].some((text) =>
          text?.toLocaleLowerCase().includes(needle),
        )),
  );
}

/** Where the targets came from (issue 5: the job view says how many came from memory and MT). */
function originCounts(segments: readonly Segment[]) {
  let memory = 0;
  let mt = 0;
  let flagged = 0;
  for (const segment of segments) {
    if (segment.origin === 'memory') memory += 1;
    if (segment.origin === 'mt' || segment.origin === 'pseudo') mt += 1;
    if (segment.qa_flags.length > 0) flagged += 1;
  }
  return { memory, mt, flagged };
}

const STATUS_OPTIONS = (Object.keys(STATUS_LABELS) as SegmentStatus[]).map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

function JobSegments({ job, onSaved }: { job: JobDetail; onSaved?: () => Promise<unknown> }) {
  const save = useSaveSegments(job, onSaved);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<SegmentStatus | null>(null);
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  // Typing stays responsive on long jobs: filtering runs at lower priority.
  const filter = useDeferredValue<SegmentFilter>(useMemo(() => ({ text, status, flaggedOnly }), [text, status, flaggedOnly]));
  const rows = useMemo(() => filterSegments(job.segments, filter), [job.segments, filter]);
  const counts = useMemo(() => originCounts(job.segments), [job.segments]);

  return (
    <>
      <PageHeader
        title={job.file_name}
        description={
          <>
            Project{' '}
            <Anchor component={Link} to={`/translation/${job.project.id}`}>
              {job.project.name}
            </Anchor>
            {job.post_type !== null && ` · ${job.post_type}`}
          </>
        }
        actions={
          <Group gap="xs" wrap="nowrap">
            <LanguageFlag code={job.source_lang} />
            <Text c="dimmed">→</Text>
            <LanguageFlag code={job.target_lang} />
          </Group>
        }
      />
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <Group gap="sm" mb="sm" align="flex-end">
          <TextInput
            aria-label="Filter segments"
            placeholder="Filter segments"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            w={{ base: '100%', xs: 280 }}
          />
          <Select
            aria-label="Status"
            placeholder="Any status"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(value) => setStatus(STATUS_OPTIONS.find((option) => option.value === value)?.value ?? null)}
            clearable
            w={{ base: '100%', xs: 170 }}
          />
          <Checkbox
            label={`Flagged only (${counts.flagged})`}
            checked={flaggedOnly}
            onChange={(event) => setFlaggedOnly(event.currentTarget.checked)}
            mb={8}
          />
          <Text size="sm" c="dimmed" ml="auto" mb={6} aria-live="polite">
            {rows.length === job.segments.length
              ? `${job.segments.length} segments, ${job.translated_count} translated (${counts.memory} from memory, ${counts.mt} by MT)`
              : `${rows.length} of ${job.segments.length} segments`}
          </Text>
        </Group>
        {rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {job.segments.length === 0 ? 'This job has no segments.' : 'No segment matches the filter.'}
          </Text>
        ) : (
          <SegmentTable
            segments={rows}
            height="max(420px, calc(100dvh - 330px))"
            onSave={async (segment, target) => {
              await save.mutateAsync([{ id: segment.id, target }]);
            }}
          />
        )}
      </Paper>
    </>
  );
}
