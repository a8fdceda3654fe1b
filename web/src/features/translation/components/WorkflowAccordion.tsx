import { Accordion, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useCan } from '../../../api/permissions';
import { translationWikiUrl } from '../../../config';
import type { Project, ProjectStatus } from '../api';
import { knownStatus } from '../status';
import { ImportXlsxForm } from './ImportXlsxForm';
import { PretranslatePanel } from './PretranslatePanel';
import { SendReviewLinkButton } from './SendReviewLink';
import { useExportArchive, XLIFF_ARCHIVE, XLSX_ARCHIVE, type ArchiveKind } from './useExportArchive';

const SECTION_TITLES: Record<ProjectStatus, string> = {
  Created: 'Pre-Translate Project with the machine translation provider',
  Pretranslated: 'Export XLSX Files',
  Translations_In_Correction: 'Import corrected XLSX files',
  Translations_Corrected: 'Export XLIFF for WPML',
  Completed: 'Support & Assistance',
};

/**
 * The workflow accordion, one section per status, opened on the section of the current status. When the
 * status moves on (a run finished, a download happened) the next section opens too, and what
 * the user was looking at stays open.
 */
export function WorkflowAccordion({ project }: { project: Project }) {
  const current = knownStatus(project.status);
  const [opened, setOpened] = useState<string[]>([current]);
  const [shownStatus, setShownStatus] = useState(current);
  const canImport = useCan('projects.write');
  if (shownStatus !== current) {
    setShownStatus(current);
    setOpened((previous) => (previous.includes(current) ? previous : [...previous, current]));
  }

  const section = (status: ProjectStatus, content: ReactNode) => (
    <Accordion.Item value={status}>
      <Accordion.Control>
        <Text fw={status === current ? 700 : 500}>{SECTION_TITLES[status]}</Text>
      </Accordion.Control>
      <Accordion.Panel>{content}</Accordion.Panel>
    </Accordion.Item>
  );

  return (
    <Accordion multiple value={opened} onChange={setOpened} variant="separated">
      {section('Created', <PretranslatePanel projectId={project.id} />)}
      {section(
        'Pretranslated',
        <ExportArchive
          project={project}
          archive={XLSX_ARCHIVE}
          text="Download the files to send to the customer for control and correction, or send the customer a review link."
          label="Export XLSX"
        >
          <SendReviewLinkButton projectId={project.id} />
        </ExportArchive>,
      )}
      {section(
        'Translations_In_Correction',
        canImport ? <ImportXlsxForm project={project} /> : <Text>The project's managers import the corrected files.</Text>,
      )}
      {section(
        'Translations_Corrected',
        <ExportArchive
          project={project}
          archive={XLIFF_ARCHIVE}
          text="Upload the downloaded archive to the website plugin to complete the translations."
          label="Export XLIFF"
        />,
      )}
      {section('Completed', <Support />)}
    </Accordion>
  );
}

interface ExportArchiveProps {
  project: Project;
  archive: ArchiveKind;
  text: string;
  label: string;
  /** Another way to the same step, beside the download button. */
  children?: ReactNode;
}

function ExportArchive({ project, archive, text, label, children }: ExportArchiveProps) {
  const download = useExportArchive(project, archive);
  // An export moves the project on: offered to who may change projects.
  const canExport = useCan('projects.write');
  return (
    <Stack gap="sm">
      <Text>{text}</Text>
      <Group>
        {canExport && (
          <Button leftSection={<IconDownload size={18} />} onClick={download.start} loading={download.busy}>
            {label}
          </Button>
        )}
        {children}
      </Group>
    </Stack>
  );
}

function Support() {
  return (
    <Text>
      Need help with the next steps on the website?{' '}
      <Anchor href={translationWikiUrl} target="_blank" rel="noopener">
        Read the wiki article on website translation
      </Anchor>
      .
    </Text>
  );
}
