import { ApiError } from '../../api/client';
import type { RebrandingProject } from '../../api/types';
import { packageFileName, saveBlob } from '../../components/download';
import { showAlert } from '../../components/messages';
import { fetchPackage } from './api';

export const DOWNLOAD_FAILED = 'Failed to download rebranding files for this project. Please check the logs';
export const DOWNLOAD_REQUEST_FAILED =
  'Failed to make request for the rebranding files. Please check your console for more info.';

/** Downloads the brand package; an empty answer or a server error alerts DOWNLOAD_FAILED, a
 * request that got no answer DOWNLOAD_REQUEST_FAILED. */
export async function downloadPackage(project: RebrandingProject): Promise<void> {
  try {
    const blob = await fetchPackage(project.id);
    if (blob.size === 0) {
      showAlert(DOWNLOAD_FAILED);
      return;
    }
    saveBlob(blob, packageFileName(project.display_name));
  } catch (error) {
    console.error(error);
    showAlert(error instanceof ApiError ? DOWNLOAD_FAILED : DOWNLOAD_REQUEST_FAILED);
  }
}
