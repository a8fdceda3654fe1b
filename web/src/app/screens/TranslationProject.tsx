import { IconBrandWordpress, IconCoin, IconReceipt, IconUsers } from '@tabler/icons-react';
import { useCan } from '../../api/permissions';
import { ProjectAssignPanel } from '../../features/assignments';
import { ProjectEarningsPanel, ProjectQuotePanel } from '../../features/quotes';
import { PublishPanel } from '../../features/sites';
import { TranslationDetailPage, type ProjectTab } from '../../features/translation';

const QUOTE: ProjectTab = {
  value: 'quote',
  label: 'Quote',
  icon: <IconReceipt size={16} />,
  render: (project) => <ProjectQuotePanel projectId={project.id} />,
};

const TRANSLATORS: ProjectTab = {
  value: 'translators',
  label: 'Translators',
  icon: <IconUsers size={16} />,
  render: (project) => <ProjectAssignPanel projectId={project.id} />,
};

const EARNINGS: ProjectTab = {
  value: 'earnings',
  label: 'Earnings',
  icon: <IconCoin size={16} />,
  render: (project) => <ProjectEarningsPanel projectId={project.id} />,
};

const WORDPRESS: ProjectTab = {
  value: 'wordpress',
  label: 'WordPress',
  icon: <IconBrandWordpress size={16} />,
  render: (project) => <PublishPanel projectId={project.id} />,
  // Only a project made from a site's pages has a site to publish to.
  shownFor: (project) => project.site !== null && project.site !== undefined,
};

/**
 * A translation project's page, with its quote, its translators' assignments and what it earns
 * (for who may see them) and, for a project made from a site, its WordPress publishing, in tabs
 * of their own.
 */
export function TranslationProject() {
  const assigns = useCan('assignments.manage');
  const seesEarnings = useCan('rates.read');
  const tabs = [QUOTE, ...(assigns ? [TRANSLATORS] : []), ...(seesEarnings ? [EARNINGS] : []), WORDPRESS];
  return <TranslationDetailPage extraTabs={tabs} />;
}
