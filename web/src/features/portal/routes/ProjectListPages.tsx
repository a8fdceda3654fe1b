import { Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import type { Project } from '../api';
import { DeliveryButton, OpenReviewButton, REVIEW_STATUSES, canReview, isDelivered } from '../components/ProjectActions';
import { ProjectList } from '../components/ProjectList';

/** What a project of the list offers now: its review while it is in review, its files once completed. */
function nextAction(project: Project) {
  if (isDelivered(project)) return <DeliveryButton project={project} />;
  if (canReview(project)) return <OpenReviewButton project={project} />;
  return null;
}

/** `waiting`: what the customer asked for that is not a project yet, above the list. */
export function PortalProjectsPage({ waiting }: { waiting?: ReactNode }) {
  return (
    <>
      <PageHeader title="Your projects" description="Every translation project, where it stands, and what you can do now." />
      {waiting}
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <ProjectList action={nextAction} emptyText="You have no translation projects yet." />
      </Paper>
    </>
  );
}

export function PortalReviewsPage() {
  return (
    <>
      <PageHeader title="Reviews" description="Projects waiting for your review: open one to correct, approve and comment." />
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <ProjectList
          statuses={REVIEW_STATUSES}
          required
          action={(project) => (
            <Group justify="flex-end">
              <OpenReviewButton project={project} />
            </Group>
          )}
          emptyText="Nothing is waiting for your review."
        />
      </Paper>
    </>
  );
}

export function PortalDeliveriesPage() {
  return (
    <>
      <PageHeader title="Deliveries" description="Completed projects: download their translated files for WPML." />
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <ProjectList
          statuses={['Completed']}
          required
          action={(project) => (
            <Group justify="flex-end">
              <DeliveryButton project={project} />
            </Group>
          )}
          emptyText="No project is completed yet."
        />
      </Paper>
    </>
  );
}
