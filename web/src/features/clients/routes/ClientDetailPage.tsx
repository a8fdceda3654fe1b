import { Alert, Button, Group, Paper, Table, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArchive,
  IconBook,
  IconCoin,
  IconDatabase,
  IconEdit,
  IconInfoCircle,
  IconLanguage,
  IconPalette,
  IconTrash,
  IconUsers,
  IconWorld,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useCan } from '../../../api/permissions';
import type { Client, ClientId } from '../../../api/types';
import { formatDateTime } from '../../../components/dates';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { SvgImage } from '../../../components/SvgImage';
import { showAlert } from '../../../components/messages';
import { clientQuery, useExportClientArchive } from '../api';
import { ClientFormModal } from '../components/ClientFormModal';
import { ClientPeople } from '../components/ClientPeople';
import { useConfirmDeleteClient } from '../components/useConfirmDeleteClient';

export const CLIENT_NOT_FOUND = 'Client not found';

/**
 * The project tabs are filled by the translation and rebranding features, composed in by the
 * router; until then they show an empty list.
 */
export interface ClientProjectPanels {
  translationProjects?: (clientId: ClientId) => ReactNode;
  rebrandingProjects?: (clientId: ClientId) => ReactNode;
  /** The client's termbase. */
  terminology?: (clientId: ClientId) => ReactNode;
  /** The client's rate scheme. */
  rates?: (clientId: ClientId) => ReactNode;
  /** The client's translation memory. */
  memory?: (clientId: ClientId) => ReactNode;
  /** The client's WordPress sites. */
  sites?: (clientId: ClientId) => ReactNode;
  /** Above the People tab's list: inviting a customer of the client. */
  invitePeople?: (clientId: ClientId) => ReactNode;
}

/** Route ids are numbers; anything else cannot name a client. */
function parseClientId(raw: string | undefined): ClientId | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}

export function ClientDetailPage(panels: ClientProjectPanels) {
  const id = parseClientId(useParams().id);
  if (id === null) {
    return (
      <Alert color="yellow" role="alert">
        {CLIENT_NOT_FOUND}
      </Alert>
    );
  }
  return <ClientDetail id={id} {...panels} />;
}

function ClientDetail({ id, ...panels }: ClientProjectPanels & { id: ClientId }) {
  const query = useQuery(clientQuery(id));
  return (
    <QueryState query={query} notFound={CLIENT_NOT_FOUND}>
      {(client) => (
        <ClientView client={client} {...panels} />
      )}
    </QueryState>
  );
}

function ClientView({
  client,
  translationProjects,
  rebrandingProjects,
  terminology,
  rates,
  memory,
  sites,
  invitePeople,
}: ClientProjectPanels & { client: Client }) {
  const [editing, editModal] = useDisclosure(false);
  const confirmDelete = useConfirmDeleteClient();
  const navigate = useNavigate();
  const canEdit = useCan('clients.write');
  const canDelete = useCan('clients.delete');
  const canExport = useCan('archive.manage');
  const canSeePeople = useCan('people.read');
  const canSeeSites = useCan('sites.read') && sites !== undefined;
  const exportArchive = useExportClientArchive();
  // The open tab is in the address (`?tab=terminology`), so that a link — a notification of a
  // term proposal — opens it, and the back button returns to it.
  const [params, setParams] = useSearchParams();
  const tabs = ['info', 'translation', 'rebranding', 'terminology'];
  if (memory !== undefined) tabs.push('memory');
  if (rates !== undefined) tabs.push('rates');
  if (canSeeSites) tabs.push('sites');
  if (canSeePeople) tabs.push('people');
  const asked = params.get('tab');
  const tab = asked !== null && tabs.includes(asked) ? asked : 'info';
  const openTab = (value: string | null) =>
    setParams(value === null || value === 'info' ? {} : { tab: value }, { replace: true });
  const exportClient = () =>
    exportArchive.mutate(client, {
      onError: (error) =>
        showAlert(
          `Failed to export the client archive: ${error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error)}`,
        ),
    });

  return (
    <>
      <PageHeader
        title={client.client_name}
        media={<SvgImage svg={client.client_logo} alt={`${client.client_name} logo`} width={120} height={64} />}
        actions={
          <>
            {canEdit && (
              <Button leftSection={<IconEdit size={18} />} onClick={editModal.open}>
                Edit Client
              </Button>
            )}
            {canExport && (
              <Button
                variant="light"
                leftSection={<IconArchive size={18} />}
                loading={exportArchive.isPending}
                onClick={exportClient}
              >
                Export archive
              </Button>
            )}
            {canDelete && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={18} />}
                onClick={() => confirmDelete(client, () => void navigate('/clients'))}
              >
                Delete
              </Button>
            )}
          </>
        }
      />
      <Tabs value={tab} onChange={openTab}>
        <Tabs.List mb="md">
          <Tabs.Tab value="info" leftSection={<IconInfoCircle size={16} />}>
            Client Info
          </Tabs.Tab>
          <Tabs.Tab value="translation" leftSection={<IconLanguage size={16} />}>
            Translation projects
          </Tabs.Tab>
          <Tabs.Tab value="rebranding" leftSection={<IconPalette size={16} />}>
            Rebranding projects
          </Tabs.Tab>
          <Tabs.Tab value="terminology" leftSection={<IconBook size={16} />}>
            Terminology
          </Tabs.Tab>
          {memory !== undefined && (
            <Tabs.Tab value="memory" leftSection={<IconDatabase size={16} />}>
              Translation memory
            </Tabs.Tab>
          )}
          {rates !== undefined && (
            <Tabs.Tab value="rates" leftSection={<IconCoin size={16} />}>
              Rates
            </Tabs.Tab>
          )}
          {canSeeSites && (
            <Tabs.Tab value="sites" leftSection={<IconWorld size={16} />}>
              Sites
            </Tabs.Tab>
          )}
          {canSeePeople && (
            <Tabs.Tab value="people" leftSection={<IconUsers size={16} />}>
              People
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="info">
          <Paper withBorder maw={720}>
            <Table variant="vertical" striped>
              <Table.Tbody>
                <InfoRow label="Name" value={client.client_name} />
                <InfoRow label="ID" value={client.id} />
                <InfoRow label="Date created" value={formatDateTime(client.date_created)} />
                <InfoRow label="Author" value={authorName(client)} />
              </Table.Tbody>
            </Table>
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="translation">
          {translationProjects?.(client.id) ?? <EmptyState message="No translation projects found yet." />}
        </Tabs.Panel>
        <Tabs.Panel value="rebranding">
          {rebrandingProjects?.(client.id) ?? <EmptyState message="No projects found yet." />}
        </Tabs.Panel>
        <Tabs.Panel value="terminology">
          {terminology?.(client.id) ?? <EmptyState message="No terms yet." />}
        </Tabs.Panel>
        <Tabs.Panel value="memory">{memory?.(client.id)}</Tabs.Panel>
        <Tabs.Panel value="rates">{rates?.(client.id)}</Tabs.Panel>
        {canSeeSites && <Tabs.Panel value="sites">{sites(client.id)}</Tabs.Panel>}
        {canSeePeople && (
          <Tabs.Panel value="people">
            <Group justify="flex-end" mb="sm">
              {invitePeople?.(client.id)}
            </Group>
            <ClientPeople clientId={client.id} />
          </Tabs.Panel>
        )}
      </Tabs>
      <ClientFormModal opened={editing} onClose={editModal.close} client={client} />
    </>
  );
}

/** The author's account may have been deleted since; the client stays. */
function authorName({ author }: Client): string {
  return author === null || author === undefined ? 'n/a' : `${author.first_name} ${author.last_name}`;
}

function InfoRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={160}>{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
    </Table.Tr>
  );
}
