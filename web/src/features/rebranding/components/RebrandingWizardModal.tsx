import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { RebrandingProject } from '../../../api/types';
import { NARROW, RebrandingWizard } from './RebrandingWizard';

interface WizardModalProps {
  opened: boolean;
  onClose: () => void;
  project?: RebrandingProject;
  onSaved?: (project: RebrandingProject) => void;
}

/** 'Create new rebranding project' or 'Edit {display name}': the wizard in a dialog, full screen on phones. */
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
