import { Button, Group, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormWithWarning } from '../../../components/FormWithWarning';
import { errorText } from '../../../components/messages';

/** A required text (a decline's reason, a return's note), then the action. */
export function ReasonForm({
  label,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (text: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async () => {
    if (text.trim() === '') {
      setError('This is required.');
      return;
    }
    setError(null);
    setPending(true);
    try {
      await onSubmit(text.trim());
    } catch (failure) {
      setWarning(errorText(failure, { fallback: 'That did not work.' }));
    } finally {
      setPending(false);
    }
  };

  return (
    <FormWithWarning onSubmit={submit} warning={warning}>
      <Textarea
        label={label}
        required
        autosize
        minRows={3}
        maxLength={4000}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={error}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </FormWithWarning>
  );
}
