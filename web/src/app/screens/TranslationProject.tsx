import { IconReceipt } from '@tabler/icons-react';
import { ProjectQuotePanel } from '../../features/quotes';
import { TranslationDetailPage, type ProjectTab } from '../../features/translation';

const TABS: readonly ProjectTab[] = [
  {
    value: 'quote',
    label: 'Quote',
    icon: <IconReceipt size={16} />,
    render: (project) => <ProjectQuotePanel projectId={project.id} />,
  },
];

/** A translation project's page, with its quote in a tab of its own. */
export function TranslationProject() {
  return <TranslationDetailPage extraTabs={TABS} />;
}
