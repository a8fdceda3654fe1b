import { Button } from '@mantine/core';
import { alertFailure } from '../../../components/messages';
import { useDownloadOrder, type Assignment } from '../api';

/** The assignment's purchase order as a PDF, once the translator has accepted it. */
export function OrderButton({ assignment }: { assignment: Assignment }) {
  const download = useDownloadOrder();
  if (!assignment.has_order) return null;
  return (
    <Button
      size="xs"
      variant="subtle"
      loading={download.isPending}
      aria-label={`Purchase order of ${assignment.file_name}`}
      onClick={() => {
        download
          .mutateAsync(assignment.id)
          .catch((failure: unknown) =>
            alertFailure(failure, 'Could not download the order', 'Could not download the order. Please check your console for more info'),
          );
      }}
    >
      Order (PDF)
    </Button>
  );
}
