import { Button, FileInput, Group, Modal } from '@mantine/core';
import { IconFileCode } from '@tabler/icons-react';
import { useState } from 'react';
import { FormWithWarning } from '../../../components/FormWithWarning';
import { errorText, notifySuccess } from '../../../components/messages';
import { useAddJob, type ProjectId } from '../api';

export const JOB_ADDED = 'Job successfully added';
export const JOB_FILE_REQUIRED = 'Choose one .xliff, .xlf or .xml file.';

const JOB_EXTENSIONS = ['.xliff', '.xlf', '.xml'];

function isJobFile(file: File): boolean {
  const name = file.name.toLowerCase();
  return JOB_EXTENSIONS.some((extension) => name.endsWith(extension));
}

function AddJobForm({ projectId, onDone }: { projectId: ProjectId; onDone: () => void }) {
  const add = useAddJob(projectId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);

  const submit = async () => {
    setWarning(null);
    if (file === null || !isJobFile(file)) {
      setFileError(JOB_FILE_REQUIRED);
      return;
    }
    try {
      await add.mutateAsync(file);
      notifySuccess(JOB_ADDED);
      onDone();
    } catch (error) {
      setWarning(
        errorText(error, {
          fallback: 'An unknown error occurred. Please check your console.',
          exception: 'An unexpected error occurred. Please check your console.',
        }),
      );
    }
  };

  return (
    <FormWithWarning onSubmit={submit} warning={warning}>
      <FileInput
        label="Job file"
        description="One XLIFF file (.xliff, .xlf or .xml)"
        placeholder="Choose a file"
        accept={[...JOB_EXTENSIONS, 'application/xliff+xml', 'application/xml', 'text/xml'].join(',')}
        leftSection={<IconFileCode size={18} />}
        value={file}
        onChange={(chosen) => {
          setFile(chosen);
          setFileError(chosen !== null && !isJobFile(chosen) ? JOB_FILE_REQUIRED : null);
        }}
        error={fileError}
        clearable
      />
      <Group justify="flex-end">
        <Button type="submit" loading={add.isPending}>
          Add Job
        </Button>
      </Group>
    </FormWithWarning>
  );
}

/** 'Add a translation job': one XLIFF/XML file sent as `job_files`. */
export function AddJobModal({ projectId, opened, onClose }: { projectId: ProjectId; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add a translation job">
      {opened && <AddJobForm projectId={projectId} onDone={onClose} />}
    </Modal>
  );
}
