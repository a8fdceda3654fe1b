import { Alert, Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ClientId } from '../../../api/types';
import { errorText } from '../../../components/messages';
import { type TermFormat, useImportTerms } from '../api';

function formatName(format: TermFormat): string {
  return format === 'tbx2' ? 'TBX v2' : format.toUpperCase();
}

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
          A CSV or TSV file or an XLSX workbook, with a header row naming source_lang, target_lang, source, target, … or
          with one column per language code (en, de-DE, …), or a TBX file (v3 or v2). The whole file is refused if one
          row is wrong.
        </Text>
        <FileInput label="Termbase file" placeholder="Choose a file" value={file} onChange={setFile} clearable />
        {upload.isError && (
          <Alert color="red" role="alert" title="Nothing was imported">
            {errorText(upload.error, { fallback: 'The file could not be imported.' })}
          </Alert>
        )}
        {report !== undefined && (
          <Alert color="green" role="status" title="Imported">
            <Text size="sm">
              {report.entries} entries read ({formatName(report.format)}): {report.added} added, {report.updated} updated,{' '}
              {report.unchanged} unchanged, {report.merged} replaced by a later entry of the file.
            </Text>
            {report.skipped.count > 0 && (
              <Text size="sm">
                {report.skipped.count} skipped for lacking a language pair, for example: {report.skipped.examples.join('; ')}.
              </Text>
            )}
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
