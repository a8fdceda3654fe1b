import { Alert, Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ClientId } from '../../../api/types';
import { errorText } from '../../../components/messages';
import { useImportTerms } from '../api';

/** Uploads a CSV/TSV, XLSX or TBX file and shows what the import did (or why it was refused). */
export function ImportTermsModal({ clientId, opened, onClose }: { clientId: ClientId; opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useImportTerms(clientId);
  const close = () => {
    upload.reset();
    setFile(null);
    onClose();
  };
  const report = upload.data;
  return (
    <Modal opened={opened} onClose={close} title="Import terms">
      <Stack>
        <Text size="sm">
          A CSV or TSV file (a header row with source_lang, target_lang, source, target, …), an XLSX workbook with the same
          columns, or a TBX file. The whole file is refused if one row is wrong.
        </Text>
        <FileInput label="Termbase file" placeholder="Choose a file" value={file} onChange={setFile} clearable />
        {upload.isError && (
          <Alert color="red" role="alert" title="Nothing was imported">
            {errorText(upload.error, { fallback: 'The file could not be imported.' })}
          </Alert>
        )}
        {report !== undefined && (
          <Alert color="green" role="status" title="Imported">
            {report.entries} entries read ({report.format.toUpperCase()}): {report.added} added, {report.updated} updated,{' '}
            {report.unchanged} unchanged.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Done
          </Button>
          <Button disabled={file === null} loading={upload.isPending} onClick={() => file !== null && upload.mutate(file)}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
