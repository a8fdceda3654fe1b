import { Accordion, Alert, Anchor, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileZip, IconUpload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { errorText, notifySuccess } from '../../../components/messages';
import { translationWikiUrl } from '../../../config';
import { useImportXlsx, type ImportReport, type Project, type ProjectStatus } from '../api';
import { knownStatus } from '../status';
import { ImportReportView } from './ImportReportView';
import { PretranslatePanel } from './PretranslatePanel';
import { useExportArchive, XLIFF_ARCHIVE, XLSX_ARCHIVE } from './useExportArchive';

export const PROJECT_IMPORTED = 'Project successfully updated';

const SECTION_TITLES: Record<ProjectStatus, string> = {
  Created: 'Pre-Translate Project with the machine translation provider',
  Pretranslated: 'Export XLSX Files',
  Translations_In_Correction: 'Import corrected XLSX files',
  Translations_Corrected: 'Export XLIFF for WPML',
  Completed: 'Support & Assistance',
};

/**
 * Spec section 2's workflow accordion, opened on the section of the current status. When the
 * status moves on (a run finished, a download happened) the next section opens too, and what
 * the user was looking at stays open.
 */
export function WorkflowAccordion({ project }: { project: Project }) {
  const current = knownStatus(project.status);
  const [opened, setOpened] = useState<string[]>([current]);
  const [shownStatus, setShownStatus] = useState(current);
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
      {section('Pretranslated', <ExportXlsx project={project} />)}
      {section('Translations_In_Correction', <ImportXlsx project={project} />)}
      {section('Translations_Corrected', <ExportXliff project={project} />)}
      {section('Completed', <Support />)}
    </Accordion>
  );
}

function ExportXlsx({ project }: { project: Project }) {
  const download = useExportArchive(project, XLSX_ARCHIVE);
  return (
    <Stack gap="sm">
      <Text>Download the files to send to the customer for control and correction.</Text>
      <Group>
        <Button leftSection={<IconDownload size={18} />} onClick={download.start} loading={download.busy}>
          Export XLSX
        </Button>
      </Group>
    </Stack>
  );
}

function ImportXlsx({ project }: { project: Project }) {
  const importXlsx = useImportXlsx(project.id);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);

  const submit = async () => {
    setWarning(null);
    setReport(null);
    if (file === null) {
      setFileError('Choose the .zip archive of the corrected XLSX files.');
      return;
    }
    try {
      const updated = await importXlsx.mutateAsync(file);
      notifySuccess(PROJECT_IMPORTED);
      setReport(updated.import_report);
      setFile(null);
    } catch (error) {
      setWarning(errorText(error, { fallback: 'An unknown error occurred. Please check your console.' }));
    }
  };

  return (
    <Stack gap="sm">
      <Text>Zip all files in one archive with no directories.</Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Group align="flex-end" gap="sm">
          <FileInput
            label="XLSX Files"
            placeholder="Choose a .zip archive"
            accept=".zip,application/zip,application/x-zip-compressed,application/octet-stream"
            leftSection={<IconFileZip size={18} />}
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setFileError(null);
            }}
            error={fileError}
            clearable
            miw={260}
            style={{ flex: 1, maxWidth: 480 }}
          />
          <Button type="submit" leftSection={<IconUpload size={18} />} loading={importXlsx.isPending}>
            Import XLSX Archive
          </Button>
        </Group>
      </form>
      {warning !== null && (
        <Alert color="yellow" role="alert" style={{ overflowWrap: 'anywhere' }}>
          {warning}
        </Alert>
      )}
      {report !== null && <ImportReportView report={report} />}
    </Stack>
  );
}

function ExportXliff({ project }: { project: Project }) {
  const download = useExportArchive(project, XLIFF_ARCHIVE);
  return (
    <Stack gap="sm">
      <Text>Upload the downloaded archive to the website plugin to complete the translations.</Text>
      <Group>
        <Button leftSection={<IconDownload size={18} />} onClick={download.start} loading={download.busy}>
          Export XLIFF
        </Button>
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
