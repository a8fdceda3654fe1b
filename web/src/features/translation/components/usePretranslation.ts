import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { jobKeys, translationKeys } from '../../../api/queryKeys';
import { runQuery, useStartPretranslation, type ProjectId, type RunStatus } from '../api';

/** The project's pre-translation run (polled while it goes on) and starting it. */
export function usePretranslation(projectId: ProjectId) {
  const run = useQuery(runQuery(projectId));
  const start = useStartPretranslation(projectId);
  useRefreshWhenRunEnds(projectId, run.data);
  const running = run.data?.state === 'running' || start.isPending;
  return { run, start, running };
}

/** When a run finishes, the project (now Pretranslated) and its jobs have new data. */
function useRefreshWhenRunEnds(projectId: ProjectId, run: RunStatus | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef<RunStatus['state'] | undefined>(undefined);
  const state = run?.state;
  useEffect(() => {
    if (previous.current === 'running' && state !== 'running') {
      void queryClient.invalidateQueries({ queryKey: translationKeys.detail(projectId) });
      void queryClient.invalidateQueries({ queryKey: translationKeys.list() });
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    }
    previous.current = state;
  }, [state, projectId, queryClient]);
}
