import { PageHeader } from '../../../components/PageHeader';

// Route in place for the rebranding feature (issue 7), which fills in the list.
export function RebrandingListPage() {
  return <PageHeader title="Rebranding Projects" />;
}
