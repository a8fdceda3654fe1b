import { Alert, Stepper, useMatches } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { statusIndex } from '../status';

export const PROJECT_COMPLETE = 'Project translation complete. You can now download the XLIFF files for WPML.';

const STEPS = [
  { label: 'Create Project', description: 'Upload the exported XLIFF files' },
  { label: 'Pretranslate Project', description: 'Translate the project with the machine translation provider' },
  { label: 'Export XLSX', description: 'Export project files for correction' },
  { label: 'Import XLSX', description: 'Import corrected XLSX files' },
];

/** The status progress: 4 steps, then the completion message on Completed. */
export function StatusStepper({ status }: { status: string }) {
  // Four steps with descriptions fit side by side only on wide screens.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', lg: 'horizontal' });
  return (
    <Stepper
      active={statusIndex(status)}
      size="sm"
      orientation={orientation}
      allowNextStepsSelect={false}
      aria-label="Project progress"
      styles={{ separator: { marginInline: 'var(--mantine-spacing-xs)', minWidth: 16 }, stepBody: { maxWidth: 200 } }}
    >
      {STEPS.map((step) => (
        <Stepper.Step key={step.label} label={step.label} description={step.description} />
      ))}
      <Stepper.Completed>
        <Alert color="green" icon={<IconCircleCheck />} mt="md" role="status">
          {PROJECT_COMPLETE}
        </Alert>
      </Stepper.Completed>
    </Stepper>
  );
}
