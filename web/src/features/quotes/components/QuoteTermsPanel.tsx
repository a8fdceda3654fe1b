import { Button, Group, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormWithWarning } from '../../../components/FormWithWarning';
import { errorText, notifySuccess } from '../../../components/messages';
import { QueryState } from '../../../components/QueryState';
import { quoteTermsQuery, useSaveQuoteTerms } from '../api';

const TERMS_MAX = 4000;

/** Administration → Settings: the agency's terms every quote sent carries. */
export function QuoteTermsPanel() {
  const query = useQuery(quoteTermsQuery());
  return <QueryState query={query}>{(saved) => <TermsForm initial={saved.terms} />}</QueryState>;
}

function TermsForm({ initial }: { initial: string }) {
  const save = useSaveQuoteTerms();
  const [terms, setTerms] = useState(initial);
  const [warning, setWarning] = useState<string | null>(null);
  const submit = async () => {
    if (terms.trim().length > TERMS_MAX) {
      setWarning(`The quote terms must have at most ${TERMS_MAX} characters.`);
      return;
    }
    setWarning(null);
    try {
      await save.mutateAsync(terms);
      notifySuccess('Quote terms saved. Quotes sent from now on carry them.');
    } catch (error) {
      setWarning(errorText(error, { fallback: 'The quote terms could not be saved.' }));
    }
  };
  return (
    <FormWithWarning onSubmit={submit} warning={warning}>
      <Textarea
        label="Terms on every quote"
        description="Shown under the total of each quote sent, and to the customer who accepts it"
        autosize
        minRows={4}
        maxLength={TERMS_MAX}
        value={terms}
        onChange={(event) => setTerms(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button type="submit" loading={save.isPending}>
          Save terms
        </Button>
      </Group>
    </FormWithWarning>
  );
}
