import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';

// Route in place for the jobs feature (issue 4), which shows the job's segments.
export function JobPage() {
  const { id } = useParams();
  return <PageHeader title="Job" description={`Job ${id ?? ''}`} />;
}
