import { IconBrandWordpress, IconReceipt, IconUsers } from '@tabler/icons-react';
import { ProjectAssignPanel } from '../../features/assignments';
import { ProjectQuotePanel } from '../../features/quotes';
import { PublishPanel } from '../../features/sites';
import { TranslationDetailPage, type ProjectTab } from '../../features/translation';

const TABS: readonly ProjectTab[] = [
  {
    value: 'quote',
    label: 'Quote',
    icon: <IconReceipt size={16} />,
    render: (project) => <ProjectQuotePanel projectId={project.id} />,
  },
  {
    value: 'translators',
    label: 'Translators',
    icon: <IconUsers size={16} />,
    render: (project) => <ProjectAssignPanel projectId={project.id} />,
  },
  {
    value: 'wordpress',
    label: 'WordPress',
    icon: <IconBrandWordpress size={16} />,
    render: (project) => <PublishPanel projectId={project.id} />,
    // Only a project made from a site's pages has a site to publish to.
    shownFor: (project) => project.site !== null && project.site !== undefined,
  },
];

/** A translation project's page, with its quote, its translators' assignments and (for a project made from a site) its WordPress publishing in tabs of their own. */
export function TranslationProject() {
  return <TranslationDetailPage extraTabs={TABS} />;
}
