import { Button, Group, Modal, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { FormWithWarning } from '../../../components/FormWithWarning';
import { errorText, notifySuccess, showAlert } from '../../../components/messages';
import { PROJECT_STATUSES, useUpdateProject, type Project } from '../api';
import { isProjectStatus, STATUS_LABELS, statusText } from '../status';

export const PROJECT_UPDATED = 'Project updated';
export const PROJECT_NAME_REQUIRED = 'The project name is required.';

const STATUS_OPTIONS = PROJECT_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

function EditProjectForm({ project, onDone }: { project: Project; onDone: () => void }) {
  const update = useUpdateProject(project.id);
  const [name, setName] = useState(project.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [status, setStatus] = useState<string>(project.status);
  const [warning, setWarning] = useState<string | null>(null);
  // A status the app does not know stays selectable, so saving a rename never changes it.
  const options = STATUS_OPTIONS.some((option) => option.value === project.status)
    ? STATUS_OPTIONS
    : [...STATUS_OPTIONS, { value: project.status, label: statusText(project.status) }];

  const submit = async () => {
    setWarning(null);
    const trimmed = name.trim();
    setNameError(trimmed === '' ? PROJECT_NAME_REQUIRED : null);
    if (trimmed === '') return;
    try {
      await update.mutateAsync({ project_name: trimmed, project_status: isProjectStatus(status) ? status : undefined });
      notifySuccess(PROJECT_UPDATED);
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) {
        // An update that broke without the server's answer (network, a bug) gets an alert.
        console.error(error);
        showAlert(String(error));
        return;
      }
      setWarning(errorText(error, { fallback: 'An unknown error occurred. Please check the logs or try again later.' }));
    }
  };

  return (
    <FormWithWarning onSubmit={submit} warning={warning}>
      <TextInput
        label="Project name"
        required
        value={name}
        error={nameError}
        onChange={(event) => setName(event.currentTarget.value)}
        data-autofocus
      />
      {/* Any status may be picked here, an earlier one too: the manual way to correct the workflow. */}
      <Select
        label="Status"
        data={options}
        value={status}
        onChange={(value) => value !== null && setStatus(value)}
        allowDeselect={false}
      />
      <Group justify="flex-end">
        <Button type="submit" loading={update.isPending}>
          Save
        </Button>
      </Group>
    </FormWithWarning>
  );
}

/** 'Edit {project name}': name (required) and any status. */
export function EditProjectModal({ project, opened, onClose }: { project: Project; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Edit ${project.name}`}>
      {opened && <EditProjectForm project={project} onDone={onClose} />}
    </Modal>
  );
}
