import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useCan } from '../../api/permissions';
import { JobAssignmentPanel } from '../../features/assignments';
import { JobPage } from '../../features/jobs';
import { translationKeys } from '../../features/translation';

/** A job page whose edits refresh the translation projects (their translated counts), with its
 * assignment above it for staff. */
export function Job() {
  const queryClient = useQueryClient();
  const manages = useCan('assignments.manage');
  const raw = useParams().id;
  return (
    <>
      {manages && raw !== undefined && /^\d+$/.test(raw) && <JobAssignmentPanel jobId={Number(raw)} />}
      <JobPage onSaved={() => queryClient.invalidateQueries({ queryKey: translationKeys.all })} />
    </>
  );
}
