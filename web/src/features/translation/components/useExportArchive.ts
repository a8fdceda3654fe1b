import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { saveBlob } from '../../../components/download';
import { showAlert } from '../../../components/messages';
import { downloadArchive, useUpdateProject, type Project, type ProjectStatus } from '../api';
import { statusIndex } from '../status';

export interface ArchiveKind {
  kind: 'xlsx' | 'xliff';
  /** The status the project moves to after the download: the workflow's next step. */
  next: ProjectStatus;
  /** The alerts for an empty or refused download, and for a request that broke. */
  failed: string;
  exception: string;
}

export const XLSX_ARCHIVE: ArchiveKind = {
  kind: 'xlsx',
  next: 'Translations_In_Correction',
  failed: 'Failed to download XLSX for this project. Please check the logs',
  exception: 'Failed to make request for XLSX files. Please check your console for more info.',
};

export const XLIFF_ARCHIVE: ArchiveKind = {
  kind: 'xliff',
  next: 'Completed',
  failed: 'Failed to download XLIFF files for this project. Please check the logs',
  exception: 'Failed to make request for XLIFF files. Please check your console for more info.',
};

/**
 * Downloads '{project name}-{kind}.zip', then moves the project on to the next status. Exporting
 * again from a later step never moves the project back.
 */
export function useExportArchive(project: Project, archive: ArchiveKind) {
  const update = useUpdateProject(project.id);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    let blob: Blob;
    try {
      blob = await downloadArchive(project.id, archive.kind);
    } catch (error) {
      console.error(error);
      if (error instanceof ApiError) {
        showAlert(error.serverMessage === null ? archive.failed : `${archive.failed}: ${error.serverMessage}`);
      } else {
        showAlert(archive.exception);
      }
      return;
    }
    if (blob.size === 0) {
      showAlert(archive.failed);
      return;
    }
    saveBlob(blob, `${project.name}-${archive.kind}.zip`);
    if (statusIndex(project.status) >= statusIndex(archive.next)) return;
    try {
      await update.mutateAsync({ project_name: project.name, project_status: archive.next });
    } catch (error) {
      console.error(error);
      const reason = error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);
      showAlert(`Failed to update status: ${reason}`);
    }
  };

  return {
    busy,
    start: () => {
      setBusy(true);
      void run().finally(() => setBusy(false));
    },
  };
}
