import { useState } from 'react';
import { errorText, notifySuccess } from '../../../components/messages';
import { useImportXlsx, type ImportReport, type Project } from '../api';

export const PROJECT_IMPORTED = 'Project successfully updated';
export const ARCHIVE_REQUIRED = 'Choose the .zip archive of the corrected XLSX files.';

/** The chosen archive of corrected XLSX files, importing it, and the report of what changed. */
export function useImportXlsxForm(project: Project) {
  const importXlsx = useImportXlsx(project.id);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFileError(null);
  };

  const submit = async () => {
    setWarning(null);
    setReport(null);
    if (file === null) {
      setFileError(ARCHIVE_REQUIRED);
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

  return { file, chooseFile, fileError, warning, report, importing: importXlsx.isPending, submit };
}
