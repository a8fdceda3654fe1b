import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconFileZip, IconUpload } from '@tabler/icons-react';
import type { Project } from '../api';
import { ImportReportView } from './ImportReportView';
import { useImportXlsxForm } from './useImportXlsxForm';

/** Uploads the customer's corrected XLSX files (one zip) and shows what the import changed. */
export function ImportXlsxForm({ project }: { project: Project }) {
  const { file, chooseFile, fileError, warning, report, importing, submit } = useImportXlsxForm(project);

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
            onChange={chooseFile}
            error={fileError}
            clearable
            miw={260}
            style={{ flex: 1, maxWidth: 480 }}
          />
          <Button type="submit" leftSection={<IconUpload size={18} />} loading={importing}>
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

