import { Anchor, Checkbox, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../api/permissions';
import { LanguageFlag } from '../../../components/flags/LanguageFlag';
import { PageHeader } from '../../../components/PageHeader';
import type { JobDetail, Segment, SegmentStatus } from '../api';
import { STATUS_LABELS } from '../labels';
import { SegmentHistory } from './SegmentHistory';
import { SegmentTable } from './SegmentTable';
import { useJobSegments } from './useJobSegments';

const STATUS_OPTIONS = (Object.keys(STATUS_LABELS) as SegmentStatus[]).map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

/** The job's header, the segment filter with its counts, and the editable segment table. */
export function JobSegments({ job, onSaved }: { job: JobDetail; onSaved?: () => Promise<unknown> }) {
  const {
    text, setText, status, setStatus, flaggedOnly, setFlaggedOnly, field, setField, grouped, setGrouped,
    fields, rows, groups, counts, saveTarget,
  } = useJobSegments(job, onSaved);
  const [history, setHistory] = useState<Segment | null>(null);
  // A translator reaches their jobs, never a client's project as a whole: its page answers them
  // 404, so they see its name without a link.
  const reachesProjects = useCan('clients.read');

  return (
    <>
      <PageHeader
        title={job.file_name}
        description={
          <>
            Project{' '}
            {reachesProjects ? (
              <Anchor component={Link} to={`/translation/${job.project.id}`}>
                {job.project.name}
              </Anchor>
            ) : (
              job.project.name
            )}
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
          {fields.length > 1 && (
            <Select
              aria-label="Field"
              placeholder="Any field"
              data={fields}
              value={field}
              onChange={setField}
              clearable
              w={{ base: '100%', xs: 200 }}
            />
          )}
          {fields.length > 1 && (
            <Checkbox
              label="Group by field"
              checked={grouped}
              onChange={(event) => setGrouped(event.currentTarget.checked)}
              mb={8}
            />
          )}
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
            groups={groups}
            shortcodes={job.shortcodes ?? null}
            terms={job.terms}
            height="max(420px, calc(100dvh - 330px))"
            onSave={saveTarget}
            onHistory={setHistory}
          />
        )}
      </Paper>
      <SegmentHistory jobId={job.id} segment={history} shortcodes={job.shortcodes ?? null} onClose={() => setHistory(null)} />
    </>
  );
}
