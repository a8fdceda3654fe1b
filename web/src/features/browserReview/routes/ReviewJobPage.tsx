// One page (job) of the review: the segment list beside the page preview.
import { Anchor, Box, Center, Group, Loader, SegmentedControl, Select, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { jobQuery, type ReviewJob, type ReviewStart } from '../api';
import { fieldOptions } from '../../../components/fields';
import { FILTERS, filterCounts, visibleIds, type ReviewFilter } from '../filters';
import { LinkUnavailable, ReviewShell } from '../components/ReviewShell';
import { PreviewFrame } from '../components/PreviewFrame';
import { SegmentList } from '../components/SegmentList';
import type { RowActions } from '../components/SegmentRow';
import { startPath } from '../paths';
import { useReviewRows, type SaveState } from '../useReviewRows';
import classes from './ReviewJobPage.module.css';

export function ReviewJobPage() {
  const params = useParams();
  const token = params.token ?? '';
  const jobId = Number(params.jobId);
  // The page's segments load beside the link's start data, not after it.
  usePrefetchQuery(jobQuery(token, jobId));
  return (
    <ReviewShell token={token} size="full">
      {(start) => <JobLoader token={token} jobId={jobId} start={start} />}
    </ReviewShell>
  );
}

function JobLoader({ token, jobId, start }: { token: string; jobId: number; start: ReviewStart }) {
  const query = useQuery(jobQuery(token, jobId));
  // Coming back to a page: its cached segments were marked stale on leaving; the page's state
  // starts from the server's answer, not from the first visit's.
  if (query.isPending || (query.isStale && query.isFetching)) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (query.isError) return <LinkUnavailable error={query.error} />;
  return <JobView token={token} job={query.data} start={start} />;
}

/** "EN → DE", or what of it the job knows. */
export const languages = ({ source_lang, target_lang }: { source_lang?: string | null; target_lang?: string | null }) =>
  `${(source_lang ?? '?').toUpperCase()} → ${(target_lang ?? '?').toUpperCase()}`;

const SAVE_TEXT: Record<SaveState, string> = {
  saved: 'All changes saved',
  pending: 'Saving…',
  saving: 'Saving…',
  failed: 'Some changes are not saved',
};

function JobView({ token, job, start }: { token: string; job: ReviewJob; start: ReviewStart }) {
  const review = useReviewRows(token, job);
  const [searchParams] = useSearchParams();
  const order = useMemo(() => job.segments.filter((s) => s.translatable).map((s) => s.id), [job.segments]);
  const numbers = useMemo(() => new Map(order.map((id, index) => [id, index + 1])), [order]);
  const [activeId, setActiveId] = useState<number | null>(() => {
    const asked = Number(searchParams.get('segment'));
    return order.includes(asked) ? asked : (order[0] ?? null);
  });
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const [search, setSearch] = useState('');
  const [field, setField] = useState<string | null>(null);
  // On a phone one pane at a time: the list with the editor first, the preview on demand.
  const [pane, setPane] = useState<'segments' | 'preview'>('segments');
  const deferredSearch = useDeferredValue(search);
  const { rows } = review;
  const ids = useMemo(() => visibleIds(order, rows, filter, deferredSearch, field), [order, rows, filter, deferredSearch, field]);
  const counts = useMemo(() => filterCounts(rows), [rows]);
  // The fields never change while the page is open: counted once.
  const [fields] = useState(() => fieldOptions(Array.from(rows.values(), (row) => row.segment)));
  const texts = useMemo(() => new Map(Array.from(rows, ([id, row]) => [id, row.text])), [rows]);
  const readOnly = start.read_only;

  const { setText, flush, approve, revert, comment, takeTheirs, keepMine } = review;
  const actions: RowActions = useMemo(
    () => ({
      activate: setActiveId,
      setText,
      flush: (id) => void flush(id),
      approve: (id, approved) => void approve(id, approved).catch(() => undefined),
      revert: (id) => void revert(id),
      comment,
      takeTheirs,
      keepMine,
    }),
    [approve, comment, flush, keepMine, revert, setText, takeTheirs],
  );

  const step = useCallback(
    (delta: 1 | -1) => {
      setActiveId((current) => {
        const at = current === null ? -1 : ids.indexOf(current);
        return ids[Math.max(0, Math.min(ids.length - 1, at + delta))] ?? current;
      });
    },
    [ids],
  );

  const approveNext = () => {
    if (activeId === null) return;
    const row = rows.get(activeId);
    if (row !== undefined && !row.segment.approved) void approve(activeId, true).catch(() => undefined);
    step(1);
  };

  return (
    <>
      <Group justify="space-between" mb="xs" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Anchor component={Link} to={startPath(token)} size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              All pages
            </Group>
          </Anchor>
          <Title order={1} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
            {job.file_name}
          </Title>
          <Text size="sm" c="dimmed">
            {languages(job)} · {order.length} segments · Alt+↓/Alt+↑ next/previous
            {readOnly ? '' : ' · Ctrl+Enter approve and next'}
          </Text>
        </div>
        <Text size="sm" role="status" aria-live="polite" c={review.state === 'failed' ? 'red' : 'dimmed'}>
          {readOnly ? 'Read only' : SAVE_TEXT[review.state]}
        </Text>
      </Group>
      <Group gap="xs" mb="xs" align="flex-end">
        <div className={classes.filters}>
          <SegmentedControl
            size="xs"
            value={filter}
            onChange={(value) => setFilter(FILTERS.find((option) => option.value === value)?.value ?? 'all')}
            data={FILTERS.map((option) => ({ value: option.value, label: `${option.label} (${counts[option.value]})` }))}
            aria-label="Show segments"
          />
        </div>
        {fields.length > 1 && (
          <Select
            size="xs"
            aria-label="Field"
            placeholder="All fields"
            data={fields}
            value={field}
            onChange={setField}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
        )}
        <TextInput
          size="xs"
          aria-label="Search source and translation"
          placeholder="Search source and translation"
          leftSection={<IconSearch size={14} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      <SegmentedControl
        hiddenFrom="sm"
        fullWidth
        size="sm"
        mb="xs"
        value={pane}
        onChange={(value) => setPane(value === 'preview' ? 'preview' : 'segments')}
        data={[
          { value: 'segments', label: 'Segments' },
          { value: 'preview', label: 'Preview' },
        ]}
        aria-label="Show"
      />
      <Box className={classes.columns} data-pane={pane}>
        <div className={classes.list}>
          {ids.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              No segment matches.
            </Text>
          ) : (
            <SegmentList
              ids={ids}
              rows={rows}
              numbers={numbers}
              activeId={activeId}
              readOnly={readOnly}
              shortcodes={job.shortcodes ?? null}
              actions={actions}
              onApproveNext={approveNext}
              onStep={step}
              height="var(--review-pane-height)"
            />
          )}
        </div>
        <div className={classes.preview}>
          <PreviewFrame
            segments={job.segments}
            texts={texts}
            activeId={activeId}
            onSelect={(id) => {
              setActiveId(id);
              setPane('segments');
            }}
            height="var(--review-pane-height)"
          />
        </div>
      </Box>
    </>
  );
}
