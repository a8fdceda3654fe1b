import { PageHeader } from '../../../components/PageHeader';

// Route in place for the translation feature (issue 4), which fills in the list.
export function TranslationListPage() {
  return <PageHeader title="Translation Projects" />;
}
