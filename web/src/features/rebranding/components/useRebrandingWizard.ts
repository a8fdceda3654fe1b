import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { clientOptionsQuery } from '../../../api/clients';
import { ApiError } from '../../../api/client';
import type { RebrandingProject } from '../../../api/types';
import { errorText, notifySuccess, showAlert } from '../../../components/messages';
import { useSaveRebranding } from '../api';
import {
  allErrors,
  CREATE_HAS_ERRORS,
  generalErrors,
  initialValues,
  REVIEW_STEP,
  toBody,
  UPDATE_HAS_ERRORS,
  type WizardValues,
} from '../wizard';

export const PROJECT_CREATED = 'Rebranding Project successfully created!';
export const PROJECT_UPDATED = 'Rebranding Project successfully updated!';

/**
 * The wizard's values, the step shown, moving between steps, and saving. `project` is the one
 * to edit (absent creates one); `onDone` receives the saved project.
 */
export function useRebrandingWizard(project: RebrandingProject | undefined, onDone: (saved: RebrandingProject) => void) {
  const editing = project !== undefined;
  const save = useSaveRebranding(project?.id);
  const clients = useQuery(clientOptionsQuery());
  const [active, setActive] = useState(0);
  const [warning, setWarning] = useState<string | null>(null);
  const form = useForm<WizardValues>({ mode: 'controlled', initialValues: initialValues(project) });
  const values = form.getValues();

  /** Forward one step; from the first only when its rules pass, showing their messages at once. */
  const next = () => {
    if (active === 0) {
      const errors = generalErrors(values);
      form.setErrors(errors);
      if (Object.keys(errors).length > 0) return;
    }
    setActive((step) => Math.min(step + 1, REVIEW_STEP));
  };
  const back = () => setActive((step) => Math.max(step - 1, 0));
  /** Steps already passed can be revisited by clicking them; later ones only through Next. */
  const goBackTo = (step: number) => step < active && setActive(step);

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
        // An update that broke without the server's answer (network, a bug) gets an alert.
        console.error(error);
        showAlert(String(error));
        return;
      }
      setWarning(errorText(error, { fallback: 'An unknown error occurred' }));
    }
  };

  const clientName = clients.data?.find((c) => String(c.id) === values.client_id)?.client_name ?? '';

  return { form, values, editing, active, next, back, goBackTo, submit, saving: save.isPending, warning, clientName };
}
