import { Modal } from '@mantine/core';
import { CreateProjectForm } from './CreateProjectForm';

/** 'Adding new project...': a name, an optional client and the zip of WPML's XLIFF files. */
export function CreateProjectModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Adding new project..." size="lg">
      {/* Mounted only while open, so every opening starts empty. */}
      {opened && <CreateProjectForm onDone={onClose} />}
    </Modal>
  );
}
