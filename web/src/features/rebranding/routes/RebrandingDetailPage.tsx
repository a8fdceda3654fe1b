import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';

// Route in place for the rebranding feature (issue 7), which fills in the detail.
export function RebrandingDetailPage() {
  const { id } = useParams();
  return <PageHeader title="Rebranding project" description={`Project ${id ?? ''}`} />;
}
