import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  label: string;
  /** The applied search (from the URL). */
  value: string;
  onSearch: (value: string) => void;
}

/** A search field that sends its text once typing pauses, and follows the URL's value. */
export function SearchBox({ label, value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  const send = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE_MS);
  // Back/forward or a cleared filter change the applied value: show it.
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
    />
  );
}
