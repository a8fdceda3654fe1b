import { Button, Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../../../components/messages';
import { jobAssignmentsQuery, useMove } from '../api';
import { ReasonForm } from './ReasonForm';

/** What the button needs of the segment open in the editor. */
export interface ReturnableSegment {
  id: number;
  /** From 0, as the job holds it; shown from 1. */
  position: number;
  status: string;
}

/** Staff's "Return this segment": while the job's assignment is delivered, sends a segment the
 * translator confirmed back with the job and a note; the translator fixes and confirms it
 * before delivering again. Nothing otherwise. */
export function ReturnSegmentButton({ jobId, segment }: { jobId: number; segment: ReturnableSegment }) {
  const assignments = useQuery(jobAssignmentsQuery(jobId));
  const delivered = assignments.data?.rows.find((row) => row.state === 'delivered');
  const move = useMove(delivered?.id ?? 0);
  const [asking, setAsking] = useState(false);
  if (delivered === undefined || segment.status !== 'reviewed') return null;
  const number = segment.position + 1;
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setAsking(true)}>
        Return segment {number} to {delivered.translator}
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={`Return segment ${number}`}>
        <ReasonForm
          label="What is to be fixed?"
          submitLabel="Return"
          onCancel={() => setAsking(false)}
          onSubmit={async (note) => {
            await move.mutateAsync({ action: 'return', note: `Segment ${number}: ${note}`, segmentIds: [segment.id] });
            notifySuccess(`Segment ${number} returned to ${delivered.translator} with the job.`);
            setAsking(false);
          }}
        />
      </Modal>
    </>
  );
}
