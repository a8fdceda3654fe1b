import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useCan } from '../../api/permissions';
import { assignmentKeys } from '../../api/queryKeys';
import { JobAssignmentPanel, ReturnSegmentButton } from '../../features/assignments';
import { JobPage } from '../../features/jobs';
import { translationKeys } from '../../features/translation';

/** A job page whose edits refresh the translation projects (their translated counts) and the
 * assignments (what is left to confirm before delivery), with the job's assignment above it:
 * staff's, who may return the open segment with a delivered job, or its translator's, who
 * delivers from here. */
export function Job() {
  const queryClient = useQueryClient();
  const manages = useCan('assignments.manage');
  const responds = useCan('assignments.respond');
  const raw = useParams().id;
  const jobId = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
  const side = manages ? 'staff' : responds ? 'translator' : null;
  return (
    <>
      {jobId !== null && side !== null && <JobAssignmentPanel jobId={jobId} side={side} />}
      <JobPage
        onSaved={() =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: translationKeys.all }),
            queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
          ])
        }
        segmentActions={
          manages && jobId !== null ? (segment) => <ReturnSegmentButton jobId={jobId} segment={segment} /> : undefined
        }
      />
    </>
  );
}
