import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { clientOptionsQuery } from '../../api/clients';

interface ClientPickerProps {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: ReactNode;
}

/** The clients a customer belongs to: every client by name, searchable, at least one. */
export function ClientPicker({ value, onChange, error }: ClientPickerProps) {
  const clients = useQuery(clientOptionsQuery());
  const options = (clients.data ?? []).map((c) => ({ value: String(c.id), label: c.client_name }));
  return (
    <MultiSelect
      label="Clients"
      description="A customer sees only these clients' projects."
      placeholder={clients.isPending ? 'Loading clients…' : value.length === 0 ? 'Choose clients' : undefined}
      data={options}
      value={value}
      onChange={onChange}
      error={error}
      searchable
      required
      hidePickedOptions
      nothingFoundMessage="No client of that name."
    />
  );
}
