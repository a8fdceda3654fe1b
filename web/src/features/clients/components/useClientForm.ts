import { useState } from 'react';
import { ApiError } from '../../../api/client';
import type { Client } from '../../../api/types';
import { errorText, notifySuccess, showAlert } from '../../../components/messages';
import { useSaveClient, type ClientFormData } from '../api';
import type { ChosenLogo } from './LogoDropzone';

export const CLIENT_CREATED = 'Client successfully created';
export const CLIENT_UPDATED = 'Client updated';
export const NAME_REQUIRED = 'The client name is required.';

/**
 * A client's name and logo, and saving them: `client` is the one to edit (absent creates one).
 * The name is required; a logo that was refused keeps the form from being sent.
 */
export function useClientForm(client: Client | undefined, onDone: () => void) {
  const editing = client !== undefined;
  const save = useSaveClient(client?.id);
  const [name, setName] = useState(client?.client_name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [logo, setLogo] = useState<ChosenLogo | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);

  const submit = async () => {
    setWarning(null);
    const trimmed = name.trim();
    setNameError(trimmed === '' ? NAME_REQUIRED : null);
    if (trimmed === '' || logoError !== null) return;
    const data: ClientFormData = { client_name: trimmed, client_logo: logo?.file ?? null };
    try {
      await save.mutateAsync(data);
      notifySuccess(editing ? CLIENT_UPDATED : CLIENT_CREATED);
      onDone();
    } catch (error) {
      if (editing && !(error instanceof ApiError)) {
        // An update that broke without the server's answer (network, a bug) gets an alert.
        console.error(error);
        showAlert(`EXCEPTION: ${String(error)}`);
        return;
      }
      setWarning(
        errorText(error, {
          fallback: editing
            ? 'An unknown error occurred. Please check the logs or try again later.'
            : 'An unknown error occurred.',
        }),
      );
    }
  };

  return {
    editing,
    name,
    setName,
    nameError,
    logo,
    setLogo,
    logoError,
    setLogoError,
    warning,
    saving: save.isPending,
    submit,
  };
}
