import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';

// Route in place for the translation feature (issue 4), which fills in the detail.
export function TranslationDetailPage() {
  const { id } = useParams();
  return <PageHeader title="Translation project" description={`Project ${id ?? ''}`} />;
}
