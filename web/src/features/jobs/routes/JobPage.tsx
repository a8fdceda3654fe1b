import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import { jobQuery } from '../api';
import { JobSegments } from '../components/JobSegments';

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
