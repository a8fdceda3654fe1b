import { Button } from '@mantine/core';
import { IconDownload, IconMessageCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { saveBlob } from '../../../components/download';
import { showAlert } from '../../../components/messages';
import { fetchDelivery, useOpenReview, type Project, type ProjectStatus } from '../api';

/** The statuses in which the customer reviews the project. */
export const REVIEW_STATUSES: readonly ProjectStatus[] = [
  'Translations_In_Correction',
  'Pretranslated',
  'Translations_Corrected',
];

export const canReview = (project: Project) => REVIEW_STATUSES.includes(project.status);
export const isDelivered = (project: Project) => project.status === 'Completed';

const reason = (error: unknown) =>
  error instanceof ApiError && error.serverMessage !== null ? error.serverMessage : 'Please try again.';

/** Opens the customer's own review of the project (signed in: the link is theirs alone). */
export function OpenReviewButton({ project }: { project: Project }) {
  const open = useOpenReview();
  const navigate = useNavigate();
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconMessageCircle size={16} aria-hidden />}
      loading={open.isPending}
      aria-label={`Open review of ${project.name}`}
      onClick={() =>
        open.mutate(project.id, {
          onSuccess: (review) => void navigate(review.path),
          onError: (error) => showAlert(`The review could not be opened. ${reason(error)}`),
        })
      }
    >
      Open review
    </Button>
  );
}

/** Downloads the completed project's XLIFF files. */
export function DeliveryButton({ project }: { project: Project }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchDelivery(project.id), `${project.name}-xliff.zip`);
    } catch (error) {
      showAlert(`The delivery could not be downloaded. ${reason(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      aria-label={`Download the delivery of ${project.name}`}
      onClick={() => void download()}
    >
      Download
    </Button>
  );
}
