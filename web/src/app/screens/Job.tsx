import { useQueryClient } from '@tanstack/react-query';
import { JobPage } from '../../features/jobs';
import { translationKeys } from '../../features/translation';

/** A job page whose edits refresh the translation projects (their translated counts). */
export function Job() {
  const queryClient = useQueryClient();
  return <JobPage onSaved={() => queryClient.invalidateQueries({ queryKey: translationKeys.all })} />;
}
