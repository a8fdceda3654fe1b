import { Modal } from '@mantine/core';
import type { Client } from '../../../api/types';
import { ClientForm } from './ClientForm';

interface ClientFormModalProps {
  opened: boolean;
  onClose: () => void;
  client?: Client;
}

/** 'Create a new client' or 'Edit {client name}': the client form in a dialog. */
export function ClientFormModal({ opened, onClose, client }: ClientFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={client === undefined ? 'Create a new client' : `Edit ${client.client_name}`}
      size="lg"
    >
      {/* Mounted only while open, so every opening starts from the client's current values. */}
      {opened && <ClientForm client={client} onDone={onClose} />}
    </Modal>
  );
}
