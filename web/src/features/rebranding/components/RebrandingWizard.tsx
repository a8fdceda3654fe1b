// The six-step wizard for creating and editing a rebranding project: company data, locations,
// three colour lists and the highlight colour, then a review of what will be saved.
import { Alert, Button, Group, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import type { RebrandingProject } from '../../../api/types';
import { REVIEW_STEP, STEPS } from '../wizard';
import { ColourListStep, HighlightStep } from './ColourSteps';
import { GeneralStep } from './GeneralStep';
import { LocationsStep } from './LocationsStep';
import { ReviewPanel } from './ReviewPanel';
import { useRebrandingWizard } from './useRebrandingWizard';

/** Below the theme's `sm` breakpoint (48em = 768 px). */
export const NARROW = '(max-width: 48em)';

interface WizardProps {
  /** The project to edit; absent creates a new one. */
  project?: RebrandingProject;
  onDone: (project: RebrandingProject) => void;
}

export function RebrandingWizard({ project, onDone }: WizardProps) {
  const { form, values, editing, active, next, back, goBackTo, submit, saving, warning, clientName } =
    useRebrandingWizard(project, onDone);

  // On narrow screens the six labels do not fit in a row: numbered circles only, with the
  // current step named above its panel.
  const narrow = useMediaQuery(NARROW);
  const stepLabels = (step: number) =>
    narrow ? { 'aria-label': `Step ${step + 1}: ${STEPS[step]?.label}` } : { label: STEPS[step]?.label, description: STEPS[step]?.description };
  const current = active < REVIEW_STEP ? STEPS[active] : undefined;

  return (
    <Stack>
      {narrow && (
        <Text fw={600} aria-live="polite">
          {current === undefined ? 'Review' : `Step ${active + 1} of ${STEPS.length}: ${current.label}`}
        </Text>
      )}
      <Stepper
        active={active}
        onStepClick={goBackTo}
        allowNextStepsSelect={false}
        size={narrow ? 'xs' : 'sm'}
        wrap={!narrow}
      >
        <Stepper.Step {...stepLabels(0)}>
          <GeneralStep form={form} />
        </Stepper.Step>
        <Stepper.Step {...stepLabels(1)}>
          <LocationsStep form={form} />
        </Stepper.Step>
        <Stepper.Step {...stepLabels(2)}>
          <ColourListStep
            form={form}
            list="prio1_colors"
            label="Priority 1"
            description="The main brand colours, used most."
          />
        </Stepper.Step>
        <Stepper.Step {...stepLabels(3)}>
          <ColourListStep
            form={form}
            list="prio2_colors"
            label="Priority 2"
            description="Secondary colours that support the main ones."
          />
        </Stepper.Step>
        <Stepper.Step {...stepLabels(4)}>
          <HighlightStep form={form} />
        </Stepper.Step>
        <Stepper.Step {...stepLabels(5)}>
          <ColourListStep
            form={form}
            list="greyscale_colors"
            label="Corporate"
            description="Corporate greys for text, backgrounds and lines."
          />
        </Stepper.Step>
        <Stepper.Completed>
          <ReviewPanel values={values} clientName={clientName} />
        </Stepper.Completed>
      </Stepper>
      {warning !== null && (
        <Alert color="yellow" role="alert">
          {warning}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={back} disabled={active === 0}>
          Back
        </Button>
        {active < REVIEW_STEP ? (
          <Button rightSection={<IconArrowRight size={16} />} onClick={next}>
            Next step
          </Button>
        ) : (
          <Button leftSection={<IconDeviceFloppy size={16} />} loading={saving} onClick={() => void submit()}>
            {editing ? 'Update Project' : 'Create Project'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
