import { useDeferredValue, useMemo, useState } from 'react';
import { useSaveSegments, type JobDetail, type Segment, type SegmentStatus } from '../api';
import { fieldOptions } from '../../../components/fields';
import { filterSegments, originCounts, type SegmentFilter } from '../segmentFilter';

/** The job page's filter, the segments it shows, their counts, and saving one edited target. */
export function useJobSegments(job: JobDetail, onSaved?: () => Promise<unknown>) {
  const save = useSaveSegments(job, onSaved);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<SegmentStatus | null>(null);
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const [field, setField] = useState<string | null>(null);
  // Typing stays responsive on long jobs: filtering runs at lower priority.
  const filter = useDeferredValue<SegmentFilter>(
    useMemo(() => ({ text, status, flaggedOnly, field }), [text, status, flaggedOnly, field]),
  );
  const rows = useMemo(() => filterSegments(job.segments, filter), [job.segments, filter]);
  const counts = useMemo(() => originCounts(job.segments), [job.segments]);
  const fields = useMemo(() => fieldOptions(job.segments), [job.segments]);

  const saveTarget = async (segment: Segment, target: string) => {
    await save.mutateAsync([{ id: segment.id, target }]);
  };

  return { text, setText, status, setStatus, flaggedOnly, setFlaggedOnly, field, setField, fields, rows, counts, saveTarget };
}
