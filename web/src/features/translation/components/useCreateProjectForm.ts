import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { clientOptionsQuery } from '../../../api/clients';
import { errorText, notifySuccess } from '../../../components/messages';
import { useCreateProject } from '../api';

export const PROJECT_CREATED = 'Project successfully created';
export const ZIP_REQUIRED = 'Choose one .zip archive of XLIFF files.';
export const NOT_A_ZIP = 'The project files must be one .zip archive.';

function isZip(file: File): boolean {
  return file.name.toLowerCase().endsWith('.zip');
}

/**
 * The new project's name, client and zip; the upload's progress; and creating it, after which
 * the archive entries the server skipped are listed in a notice that stays until closed.
 */
export function useCreateProjectForm(onDone: () => void) {
  const [progress, setProgress] = useState(0);
  const create = useCreateProject(setProgress);
  const clients = useQuery(clientOptionsQuery());
  const [name, setName] = useState('');
  const [clientId, setClientId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen !== null && !isZip(chosen) ? NOT_A_ZIP : null);
  };

  const submit = async () => {
    setWarning(null);
    if (file === null || !isZip(file)) {
      setFileError(file === null ? ZIP_REQUIRED : NOT_A_ZIP);
      return;
    }
    setProgress(0);
    try {
      const project = await create.mutateAsync({
        project_name: name.trim(),
        client_id: clientId === null ? null : Number(clientId),
        project_files: file,
      });
      notifySuccess(PROJECT_CREATED);
      const { skipped } = project;
      if (skipped.length > 0) {
        notifications.show({
          color: 'blue',
          autoClose: false,
          title: `${skipped.length} archive ${skipped.length === 1 ? 'entry was' : 'entries were'} not imported`,
          message: skipped.join(', '),
        });
      }
      onDone();
    } catch (error) {
      setWarning(errorText(error, { fallback: 'An unknown error occurred.' }));
    }
  };

  return {
    clients,
    name,
    setName,
    clientId,
    setClientId,
    file,
    chooseFile,
    fileError,
    warning,
    uploading: create.isPending,
    progress,
    submit,
  };
}
