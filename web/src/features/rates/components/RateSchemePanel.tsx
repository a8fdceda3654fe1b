import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCan } from '../../../api/permissions';
import { errorText } from '../../../components/messages';
import { type SchemeOwner, type SchemeAnswer, schemeQuery, useRemoveScheme, useSaveScheme } from '../api';
import { BANDS, type SchemeFormValues, toBody, toForm, validateScheme } from '../validation';

const SOURCE_NOTES: Record<SchemeAnswer['source'], string> = {
  client: "This client's own rate scheme.",
  default: "The agency's default applies; saving gives this client a scheme of their own.",
  built_in: 'No scheme saved yet: these are the built-in rates.',
};

/**
 * A rate scheme form: a client's (`owner` their id) or the agency's default (`null`). Everyone
 * reads it; administrators and editors change it.
 */
export function RateSchemePanel({ owner }: { owner: SchemeOwner }) {
  const query = useQuery(schemeQuery(owner));
  if (query.isError) {
    return (
      <Alert color="yellow" role="alert">
        {errorText(query.error, { fallback: 'Could not load the rate scheme.' })}
      </Alert>
    );
  }
  if (query.data === undefined) return null;
  return <SchemeForm owner={owner} answer={query.data} />;
}

function SchemeForm({ owner, answer }: { owner: SchemeOwner; answer: SchemeAnswer }) {
  const canEdit = useCan('rates.write');
  const save = useSaveScheme(owner);
  const remove = useRemoveScheme(owner ?? 0);
  const form = useForm<SchemeFormValues>({
    initialValues: toForm(answer.scheme),
    validate: validateScheme,
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    setValues(toForm(answer.scheme));
    resetDirty(toForm(answer.scheme));
    // The form follows the stored scheme when it changes (saved, removed, inherited).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  const failure = save.error ?? remove.error;
  const amount = (field: 'word_price' | 'minimum_fee' | 'mt_price_per_million_characters', label: string, description?: string) => (
    <NumberInput
      label={label}
      description={description}
      min={0}
      decimalScale={4}
      disabled={!canEdit}
      {...form.getInputProps(field)}
    />
  );
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(toBody(values)))} aria-label="Rate scheme" noValidate>
      <Stack maw={720} gap="md">
        <Text size="sm" c="dimmed">
          {SOURCE_NOTES[answer.source]}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Currency" description="ISO 4217, such as EUR" disabled={!canEdit} {...form.getInputProps('currency')} />
          {amount('word_price', 'Price per new word')}
          {amount('minimum_fee', 'Minimum fee')}
          {amount('mt_price_per_million_characters', 'MT cost per million characters', 'Internal, never on the quote')}
        </SimpleGrid>
        <Title order={4}>Percentage of the word price per match</Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {BANDS.map(([band, label]) => (
            <NumberInput
              key={band}
              label={label}
              suffix=" %"
              min={0}
              allowDecimal={false}
              disabled={!canEdit}
              {...form.getInputProps(`percentages.${band}`)}
            />
          ))}
        </SimpleGrid>
        {failure !== null && (
          <Text c="red" size="sm" role="alert">
            {errorText(failure, { fallback: 'Could not save the rate scheme.' })}
          </Text>
        )}
        {canEdit && (
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save rates
            </Button>
            {owner !== null && answer.source === 'client' && (
              <Button variant="light" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                Use the agency's default
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </form>
  );
}
