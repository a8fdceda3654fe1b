import { useDeferredValue, useMemo, useState } from 'react';
import { useSaveSegments, type JobDetail, type Segment, type SegmentStatus } from '../api';
import { fieldOptions } from '../../../components/fields';
import { filterSegments, groupByField, originCounts, type FieldGroup, type SegmentFilter } from '../segmentFilter';

/** The job page's filter, the segments it shows, their counts, and saving one edited target. */
export function useJobSegments(job: JobDetail, onSaved?: () => Promise<unknown>) {
  const save = useSaveSegments(job, onSaved);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<SegmentStatus | null>(null);
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const [field, setField] = useState<string | null>(null);
  const [grouped, setGrouped] = useState(false);
  // Typing stays responsive on long jobs: filtering runs at lower priority.
  const filter = useDeferredValue<SegmentFilter>(
    useMemo(() => ({ text, status, flaggedOnly, field }), [text, status, flaggedOnly, field]),
  );
  const filtered = useMemo(() => filterSegments(job.segments, filter), [job.segments, filter]);
  const { rows, groups } = useMemo(
    () => (grouped ? groupByField(filtered) : { rows: filtered, groups: new Map<number, FieldGroup>() }),
    [filtered, grouped],
  );
  const counts = useMemo(() => originCounts(job.segments), [job.segments]);
  const fields = useMemo(() => fieldOptions(job.segments), [job.segments]);

  /** Saves one target made on the segment's `baseRevision` (refused when it was saved since). */
  const saveTarget = async (segment: Segment, target: string, baseRevision: number) => {
    await save.mutateAsync([{ id: segment.id, target, base_revision: baseRevision }]);
  };

  return {
    text, setText, status, setStatus, flaggedOnly, setFlaggedOnly, field, setField, grouped, setGrouped,
    fields, rows, groups, counts, saveTarget,
  };
}
