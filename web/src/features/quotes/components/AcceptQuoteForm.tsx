import { Button, Checkbox, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormWithWarning } from '../../../components/FormWithWarning';
import { errorText, notifySuccess } from '../../../components/messages';
import { useAcceptQuote, type Quote } from '../api';
import { NAME_MAX, PO_MAX, validateAcceptance, type AcceptanceErrors } from './acceptance';

/** The customer's acceptance: their name, an optional PO number and the terms accepted. */
export function AcceptQuoteForm({ quote, onDone }: { quote: Quote; onDone: () => void }) {
  const accept = useAcceptQuote(quote.project_id, quote.id);
  const [name, setName] = useState('');
  const [poNumber, setPoNumber] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [errors, setErrors] = useState<AcceptanceErrors>({});
  const [warning, setWarning] = useState<string | null>(null);

  const submit = async () => {
    const found = validateAcceptance({ name, poNumber, termsAccepted });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setWarning(null);
    try {
      await accept.mutateAsync({
        name: name.trim(),
        po_number: poNumber.trim() === '' ? null : poNumber.trim(),
        terms_accepted: true,
      });
      notifySuccess(`Quote ${quote.version} accepted. Thank you!`);
      onDone();
    } catch (error) {
      setWarning(errorText(error, { fallback: 'The quote could not be accepted.' }));
    }
  };

  return (
    <FormWithWarning onSubmit={submit} warning={warning}>
      {quote.terms !== null && quote.terms !== undefined && quote.terms !== '' && (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Terms
          </Text>
          <ScrollArea.Autosize mah={160} type="auto">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {quote.terms}
            </Text>
          </ScrollArea.Autosize>
        </Stack>
      )}
      <TextInput
        label="Your name"
        required
        maxLength={NAME_MAX}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={errors.name}
        data-autofocus
      />
      <TextInput
        label="Purchase order number"
        description="Optional"
        maxLength={PO_MAX}
        value={poNumber}
        onChange={(event) => setPoNumber(event.currentTarget.value)}
        error={errors.poNumber}
      />
      <Checkbox
        label="I accept the terms of this quote"
        checked={termsAccepted}
        onChange={(event) => setTermsAccepted(event.currentTarget.checked)}
        error={errors.termsAccepted}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={accept.isPending}>
          Accept quote
        </Button>
      </Group>
    </FormWithWarning>
  );
}
