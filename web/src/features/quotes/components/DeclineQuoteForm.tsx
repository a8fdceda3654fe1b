import { Button, Group, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormWithWarning } from '../../../components/FormWithWarning';
import { errorText, notifySuccess } from '../../../components/messages';
import { useDeclineQuote, type Quote } from '../api';
import { REASON_MAX, validateReason } from './acceptance';

/** The customer declines, saying why. */
export function DeclineQuoteForm({ quote, onDone }: { quote: Quote; onDone: () => void }) {
  const decline = useDeclineQuote(quote.project_id, quote.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);

  const submit = async () => {
    const found = validateReason(reason);
    setError(found);
    if (found !== null) return;
    setWarning(null);
    try {
      await decline.mutateAsync(reason.trim());
      notifySuccess(`Quote ${quote.version} declined.`);
      onDone();
    } catch (failure) {
      setWarning(errorText(failure, { fallback: 'The quote could not be declined.' }));
    }
  };

  return (
    <FormWithWarning onSubmit={submit} warning={warning}>
      <Textarea
        label="Why do you decline?"
        required
        autosize
        minRows={3}
        maxLength={REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={error}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" color="red" loading={decline.isPending}>
          Decline quote
        </Button>
      </Group>
    </FormWithWarning>
  );
}
