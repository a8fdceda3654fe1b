import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEdit, IconList, IconPlugConnected, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../api/permissions';
import type { ClientId, Site } from '../../../api/types';
import { EmptyState } from '../../../components/EmptyState';
import { QueryState } from '../../../components/QueryState';
import { alertFailure, confirmDestructive } from '../../../components/messages';
import { sitesQuery, useCheckSite, useDeleteSite } from '../api';
import { ConnectionStatus } from './ConnectionStatus';
import { PluginPanel } from './PluginPanel';
import { SiteFormModal } from './SiteFormModal';

/** The "Sites" tab of a client: its WordPress sites, their connection, and (for staff) changes. */
export function SitesPanel({ clientId }: { clientId: ClientId }) {
  const query = useQuery(sitesQuery(clientId));
  const canManage = useCan('sites.manage');
  const [editing, setEditing] = useState<Site | undefined>(undefined);
  const [formOpen, form] = useDisclosure(false);
  const check = useCheckSite();
  const test = (site: Site) =>
    check.mutate(site.id, { onError: (error) => alertFailure(error, 'Could not test the connection', 'Could not test the connection.') });

  return (
    <>
      {canManage && <PluginPanel />}
      {canManage && (
        <Group justify="flex-end" mb="sm">
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              setEditing(undefined);
              form.open();
            }}
          >
            Add site
          </Button>
        </Group>
      )}
      <QueryState query={query}>
        {(sites) =>
          sites.length === 0 ? (
            <EmptyState message="No WordPress sites yet. Add one to read its pages and publish translations to it." />
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {sites.map((site) => (
                <SiteCard
                  key={site.id}
                  site={site}
                  canManage={canManage}
                  testing={check.isPending && check.variables === site.id}
                  onTest={() => test(site)}
                  onEdit={() => {
                    setEditing(site);
                    form.open();
                  }}
                />
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
      <SiteFormModal clientId={clientId} opened={formOpen} onClose={form.close} site={editing} onSaved={test} />
    </>
  );
}

interface SiteCardProps {
  site: Site;
  canManage: boolean;
  testing: boolean;
  onTest: () => void;
  onEdit: () => void;
}

function SiteCard({ site, canManage, testing, onTest, onEdit }: SiteCardProps) {
  const remove = useDeleteSite();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`site-${site.id}`}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4" id={`site-${site.id}`}>
            {site.name}
          </Title>
          <Anchor href={site.url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {site.url}
          </Anchor>
          <Text size="sm" c="dimmed">
            Signed in as {site.username}, application password ····{site.password_last4}
          </Text>
        </div>
        <ConnectionStatus site={site} />
        <Group gap="xs">
          <Button component={Link} to={`/clients/${site.client_id}/sites/${site.id}`} variant="light" leftSection={<IconList size={16} />}>
            Content
          </Button>
          {canManage && (
            <>
              <Button variant="light" leftSection={<IconPlugConnected size={16} />} loading={testing} onClick={onTest}>
                Test connection
              </Button>
              <Button variant="subtle" leftSection={<IconEdit size={16} />} onClick={onEdit} aria-label={`Edit ${site.name}`}>
                Edit
              </Button>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                aria-label={`Remove ${site.name}`}
                onClick={() =>
                  confirmDestructive({
                    title: 'Remove site',
                    message: `Remove ${site.name} from Wordmark? Nothing on the site changes.`,
                    confirmLabel: 'Remove',
                    onConfirm: () =>
                      remove.mutate(site.id, {
                        onError: (error) => alertFailure(error, 'Could not remove the site', 'Could not remove the site.'),
                      }),
                  })
                }
              >
                Remove
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
