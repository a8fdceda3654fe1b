import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import { jobQuery } from '../api';
import { Editor } from '../editor/Editor';

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
  // The editor holds the job's segments once loaded and keeps them up to date with its own
  // saves: a refetch on focus would read thousands of segments for nothing.
  const query = useQuery({ ...jobQuery(id), refetchOnWindowFocus: false, staleTime: Infinity });
  return (
    <QueryState query={query} notFound={JOB_NOT_FOUND}>
      {(job) => <Editor key={job.id} job={job} onSaved={onSaved} />}
    </QueryState>
  );
}
