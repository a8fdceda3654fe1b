import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import { jobQuery } from '../api';
import { Editor, type SegmentActions } from '../editor/Editor';

export const JOB_NOT_FOUND = 'Job not found';

/** `onSaved` lets the owner of the job's project refresh its counts after an edit;
 * `segmentActions` adds the page's own actions on the open segment. */
export function JobPage({ onSaved, segmentActions }: { onSaved?: () => Promise<unknown>; segmentActions?: SegmentActions }) {
  const raw = useParams().id;
  if (raw === undefined || !/^\d+$/.test(raw)) {
    return (
      <Alert color="yellow" role="alert">
        {JOB_NOT_FOUND}
      </Alert>
    );
  }
  return <JobDetailView id={Number(raw)} onSaved={onSaved} segmentActions={segmentActions} />;
}

function JobDetailView({
  id,
  onSaved,
  segmentActions,
}: {
  id: number;
  onSaved?: (() => Promise<unknown>) | undefined;
  segmentActions?: SegmentActions | undefined;
}) {
  // The editor holds the job's segments once loaded and keeps them up to date with its own
  // saves: a refetch on focus would read thousands of segments for nothing.
  const query = useQuery({ ...jobQuery(id), refetchOnWindowFocus: false, staleTime: Infinity });
  return (
    <QueryState query={query} notFound={JOB_NOT_FOUND}>
      {(job) => (
        // Read again only when something else than the editor's own saves changed the job
        // (pre-translation finished, staff returned segments, a delivery): the editor starts
        // over on what the server now holds.
        <Editor key={`${job.id}:${query.dataUpdatedAt}`} job={job} onSaved={onSaved} segmentActions={segmentActions} />
      )}
    </QueryState>
  );
}
