import { Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/QueryState';
import type { Project } from '../api';
import { reviewLinksQuery } from '../browserReviewApi';
import { ReviewComments } from './ReviewComments';
import { ReviewLinksTable } from './ReviewLinksTable';
import { SendReviewLinkButton } from './SendReviewLink';

/** The project's customer review in the browser: its links and the customers' comments. */
export function ReviewLinksPanel({ project }: { project: Project }) {
  const links = useQuery(reviewLinksQuery(project.id));
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} mt="lg">
      <Group justify="space-between" mb="sm">
        <div>
          <Title order={2} fz="lg">
            Customer review
          </Title>
          <Text size="sm" c="dimmed">
            A link the customer opens without an account to correct and approve the translation beside the page.
          </Text>
        </div>
        <SendReviewLinkButton projectId={project.id} />
      </Group>
      <Tabs defaultValue="links">
        <Tabs.List mb="sm">
          <Tabs.Tab value="links">Review links</Tabs.Tab>
          <Tabs.Tab value="comments">Comments</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="links">
          <QueryState query={links}>{(rows) => <ReviewLinksTable projectId={project.id} links={rows} />}</QueryState>
        </Tabs.Panel>
        <Tabs.Panel value="comments">
          <Stack>
            <ReviewComments projectId={project.id} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
