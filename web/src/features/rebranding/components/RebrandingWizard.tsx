// The six-step wizard (spec section 2) for creating and editing a rebranding project.
import { Alert, Button, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import type { RebrandingProject } from '../../../api/types';
import { errorText, notifySuccess, showAlert } from '../../../components/messages';
import { clientsQuery } from '../../clients';
import { useSaveRebranding } from '../api';
import {
  allErrors,
  CREATE_HAS_ERRORS,
  generalErrors,
  initialValues,
  REVIEW_STEP,
  STEPS,
  toBody,
  UPDATE_HAS_ERRORS,
  type WizardValues,
} from '../wizard';
import { ColourListStep, HighlightStep } from './ColourSteps';
import { GeneralStep } from './GeneralStep';
import { LocationsStep } from './LocationsStep';
import { ReviewPanel } from './ReviewPanel';

/** Below the theme's `sm` breakpoint (48em = 768 px). */
const NARROW = '(max-width: 48em)';

export const PROJECT_CREATED = 'Rebranding Project successfully created!';
export const PROJECT_UPDATED = 'Rebranding Project successfully updated!';

interface WizardProps {
  /** The project to edit; absent creates a new one. */
  project?: RebrandingProject;
  onDone: (project: RebrandingProject) => void;
}

export function RebrandingWizard({ project, onDone }: WizardProps) {
  const editing = project !== undefined;
  const save = useSaveRebranding(project?.id);
  const clients = useQuery(clientsQuery());
  const [active, setActive] = useState(0);
  const [warning, setWarning] = useState<string | null>(null);
  const form = useForm<WizardValues>({ mode: 'controlled', initialValues: initialValues(project) });
  const values = form.getValues();

  /** Spec section 4: forward one step only when step 0's rules pass; its messages show at once. */
  const next = () => {
    if (active === 0) {
      const errors = generalErrors(values);
      form.setErrors(errors);
      if (Object.keys(errors).length > 0) return;
    }
    setActive((step) => Math.min(step + 1, REVIEW_STEP));
  };
  const back = () => setActive((step) => Math.max(step - 1, 0));

  const submit = async () => {
    setWarning(null);
    const errors = allErrors(values);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      showAlert(editing ? UPDATE_HAS_ERRORS : CREATE_HAS_ERRORS);
      return;
    }
    try {
      const saved = await save.mutateAsync(toBody(values));
      notifySuccess(editing ? PROJECT_UPDATED : PROJECT_CREATED);
      onDone(saved);
    } catch (error) {
      if (editing && !(error instanceof ApiError)) {
        // Spec section 8: a thrown error while updating is shown in an alert.
        console.error(error);
        showAlert(String(error));
        return;
      }
      setWarning(errorText(error, { fallback: 'An unknown error occurred' }));
    }
  };

  // On narrow screens the six labels do not fit in a row: numbered circles only, with the
  // current step named above its panel.
  const narrow = useMediaQuery(NARROW);
  const stepLabels = (step: number) =>
    narrow ? { 'aria-label': `Step ${step + 1}: ${STEPS[step]?.label}` } : { label: STEPS[step]?.label, description: STEPS[step]?.description };
  const current = active < REVIEW_STEP ? STEPS[active] : undefined;

  const clientName = clients.data?.find((c) => String(c.id) === values.client_id)?.client_name ?? '';

  return (
    <Stack>
      {narrow && (
        <Text fw={600} aria-live="polite">
          {current === undefined ? 'Review' : `Step ${active + 1} of ${STEPS.length}: ${current.label}`}
        </Text>
      )}
      <Stepper
        active={active}
        onStepClick={(step) => step < active && setActive(step)}
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
          <Button leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} onClick={() => void submit()}>
            {editing ? 'Update Project' : 'Create Project'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

interface WizardModalProps {
  opened: boolean;
  onClose: () => void;
  project?: RebrandingProject;
  onSaved?: (project: RebrandingProject) => void;
}

/** 'Create new rebranding project' or 'Edit {display name}' (spec section 2). */
export function RebrandingWizardModal({ opened, onClose, project, onSaved }: WizardModalProps) {
  const small = useMediaQuery(NARROW);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={project === undefined ? 'Create new rebranding project' : `Edit ${project.display_name}`}
      size="min(1100px, 95vw)"
      fullScreen={small}
      closeOnClickOutside={false}
    >
      {/* Mounted only while open, so every opening starts from the project's current values. */}
      {opened && (
        <RebrandingWizard
          project={project}
          onDone={(saved) => {
            onClose();
            onSaved?.(saved);
          }}
        />
      )}
    </Modal>
  );
}
