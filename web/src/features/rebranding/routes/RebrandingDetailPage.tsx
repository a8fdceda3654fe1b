import { Alert, Button, Paper, Table, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconEdit, IconInfoCircle, IconMapPin, IconPalette } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useCan } from '../../../api/permissions';
import type { RebrandingId, RebrandingProject } from '../../../api/types';
import { formatDateTime } from '../../../components/dates';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { SvgImage } from '../../../components/SvgImage';
import { rebrandingQuery } from '../api';
import { ColorSchemeTab } from '../components/ColorSchemeTab';
import { LocationsTab } from '../components/LocationsTab';
import { RebrandingWizardModal } from '../components/RebrandingWizardModal';
import { downloadPackage } from '../download';

export const PROJECT_NOT_FOUND = 'Project not found';

function parseId(raw: string | undefined): RebrandingId | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}

export function RebrandingDetailPage() {
  const id = parseId(useParams().id);
  if (id === null) {
    return (
      <Alert color="yellow" role="alert">
        {PROJECT_NOT_FOUND}
      </Alert>
    );
  }
  return <RebrandingDetail id={id} />;
}

function RebrandingDetail({ id }: { id: RebrandingId }) {
  const query = useQuery(rebrandingQuery(id));
  return (
    <QueryState query={query} notFound={PROJECT_NOT_FOUND}>
      {(project) => <RebrandingView project={project} />}
    </QueryState>
  );
}

function authorName({ author }: RebrandingProject): string {
  return author == null ? 'n/a' : `${author.first_name} ${author.last_name}`;
}

function RebrandingView({ project }: { project: RebrandingProject }) {
  const [editing, editModal] = useDisclosure(false);
  const canEdit = useCan('projects.write');
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    await downloadPackage(project);
    setDownloading(false);
  };

  return (
    <>
      <PageHeader
        title={project.display_name}
        description={project.client.client_name}
        media={<SvgImage svg={project.client.client_logo} alt={`${project.client.client_name} logo`} width={96} height={56} />}
        actions={
          <>
            {canEdit && (
              <Button leftSection={<IconEdit size={18} />} onClick={editModal.open}>
                Edit
              </Button>
            )}
            <Button
              variant="light"
              leftSection={<IconDownload size={18} />}
              loading={downloading}
              onClick={() => void download()}
            >
              Download Package
            </Button>
          </>
        }
      />
      <Tabs defaultValue="info" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="info" leftSection={<IconInfoCircle size={16} />}>
            Project Information
          </Tabs.Tab>
          <Tabs.Tab value="colors" leftSection={<IconPalette size={16} />}>
            Color Scheme
          </Tabs.Tab>
          <Tabs.Tab value="locations" leftSection={<IconMapPin size={16} />}>
            Locations
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info">
          <Paper withBorder maw={720}>
            <Table variant="vertical" striped>
              <Table.Tbody>
                <InfoRow label="ID" value={project.id} />
                <InfoRow label="Client" value={project.client.client_name} />
                <InfoRow label="Display Name" value={project.display_name} />
                <InfoRow label="Legal Name" value={project.legal_name} />
                <InfoRow label="Created" value={formatDateTime(project.date_created)} />
                <InfoRow label="Author" value={authorName(project)} />
                <InfoRow label="Locations" value={project.location_count} />
                <InfoRow label="Headline font" value={project.font_scheme.headline || '–'} />
                <InfoRow label="Body font" value={project.font_scheme.body || '–'} />
              </Table.Tbody>
            </Table>
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="colors">
          <ColorSchemeTab project={project} />
        </Tabs.Panel>
        <Tabs.Panel value="locations">
          <LocationsTab locations={project.locations} />
        </Tabs.Panel>
      </Tabs>
      <RebrandingWizardModal opened={editing} onClose={editModal.close} project={project} />
    </>
  );
}

function InfoRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={160}>{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
    </Table.Tr>
  );
}
