import { Badge, Button, Group, NumberInput, Paper, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormWithWarning } from '../../../components/FormWithWarning';
import { errorText, notifySuccess } from '../../../components/messages';
import { translatorsQuery, type jobTranslatorsQuery, type OfferBody, type Suggestion, type Task } from '../api';
import { formatAmount, formatRate, formatWords, TASK_LABELS } from '../labels';

const TASKS = (Object.keys(TASK_LABELS) as Task[]).map((value) => ({ value, label: TASK_LABELS[value] }));

/** How the offer's amount is set: a fixed amount (empty: none yet) or the translator's rate × the weighted words. */
export type PriceMode = 'fixed' | 'rate';

export interface OfferFields {
  username: string | null;
  task: Task;
  /** A `datetime-local` value: local time. */
  due: string;
  note: string;
  /** With `price` fixed: in the currency's units (not cents); empty for none. */
  amount: number | string;
  /** `fixed` unless said otherwise. */
  price?: PriceMode;
}

type OfferErrors = Partial<Record<keyof OfferFields, string>>;

/**
 * What is missing or wrong, per field; the offer to send when nothing is. A price from the rate needs
 * the chosen translator's suggestion with an amount (their profile has a rate for every pair).
 */
export function checkOffer(
  fields: OfferFields,
  suggestions: readonly Suggestion[] = [],
): { errors: OfferErrors; body?: OfferBody } {
  const errors: OfferErrors = {};
  const byRate = fields.price === 'rate';
  if (fields.username === null) errors.username = 'Choose a translator.';
  const due = new Date(fields.due);
  if (fields.due === '' || Number.isNaN(due.getTime())) errors.due = 'Enter the due date and time.';
  const amount = byRate || fields.amount === '' ? null : Number(fields.amount);
  if (amount !== null && (Number.isNaN(amount) || amount < 0)) errors.amount = 'Enter an amount of 0 or more.';
  if (byRate && fields.username !== null) {
    const suggestion = suggestions.find((s) => s.username === fields.username);
    if (suggestion?.amount === null || suggestion?.amount === undefined) {
      errors.price = `${fields.username} has no rate for this work in their profile: give a fixed amount.`;
    }
  }
  if (Object.keys(errors).length > 0 || fields.username === null) return { errors };
  const note = fields.note.trim();
  return {
    errors,
    body: {
      username: fields.username,
      task: fields.task,
      due_at: due.toISOString(),
      note: note === '' ? null : note,
      amount: amount === null ? null : Math.round(amount * 100),
      price_by_rate: byRate,
    },
  };
}

/** `en → de at EUR 0.08`, one per pair. */
function rates(suggestion: Suggestion): string {
  return suggestion.pairs
    .map(
      (pair) =>
        `${pair.source_lang} → ${pair.target_lang} at ${pair.rate === null || pair.rate === undefined ? 'no rate set' : formatRate(pair.rate, suggestion.currency)}`,
    )
    .join(', ');
}

function displayName(t: { username: string; first_name: string; last_name: string }): string {
  const name = `${t.first_name} ${t.last_name}`.trim();
  return name === '' ? t.username : `${name} (${t.username})`;
}

/** The price the offer will carry at the translator's rate, as the server computes it. */
export function ratePrice(suggestion: Suggestion): string {
  if (suggestion.amount === null || suggestion.amount === undefined) return 'No rate set for every pair';
  return `${formatAmount(suggestion.amount, suggestion.currency)} for ${formatWords(suggestion.weighted_words)} weighted words`;
}

interface SuggestionsProps {
  suggestions: readonly Suggestion[];
  chosen: string | null;
  onChoose: (suggestion: Suggestion) => void;
}

/** The translators whose profiles fit the work, with their terms; choosing one fills the form. */
function Suggestions({ suggestions, chosen, onChoose }: SuggestionsProps) {
  return (
    <Stack gap="xs" role="group" aria-label="Suggested translators">
      <Text size="sm" fw={500}>
        Suggested translators
      </Text>
      {suggestions.map((s) => (
        <Paper key={s.username} withBorder p="xs" bg={s.username === chosen ? 'var(--mantine-color-blue-light)' : undefined}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  {displayName(s)}
                </Text>
                <Badge variant="light" size="sm">
                  {s.currency}
                </Badge>
              </Group>
              <Text size="xs">{rates(s)}</Text>
              <Text size="xs">{ratePrice(s)}</Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {s.availability ?? 'No availability note'}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant={s.username === chosen ? 'filled' : 'light'}
              aria-pressed={s.username === chosen}
              aria-label={`${s.username === chosen ? 'Chosen' : 'Choose'} ${s.username}`}
              onClick={() => onChoose(s)}
            >
              {s.username === chosen ? 'Chosen' : 'Choose'}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

interface AssignFormProps {
  /** Sends the offer; answers what to tell the user. */
  send: (body: OfferBody) => Promise<string>;
  pending: boolean;
  onDone: () => void;
  amountLabel?: string;
  /** The translators whose profiles fit the work (`/api/job/{id}/translators` or the project's). */
  suggestionsQuery: ReturnType<typeof jobTranslatorsQuery>;
}

/**
 * Staff offer a job (or a project's jobs) to a translator: who (the translators whose profiles fit come
 * first, with their rate, currency and availability), what, when, a note, and the price: the translator's
 * rate × the weighted words, shown before sending, or a fixed amount.
 */
export function AssignForm({ send, pending, onDone, amountLabel = 'Fixed amount', suggestionsQuery }: AssignFormProps) {
  const translators = useQuery(translatorsQuery());
  const suggested = useQuery(suggestionsQuery);
  const suggestions = suggested.data ?? [];
  const [fields, setFields] = useState<OfferFields>({
    username: null,
    task: 'post_edit',
    due: '',
    note: '',
    amount: '',
    price: 'fixed',
  });
  const [errors, setErrors] = useState<OfferErrors>({});
  const [warning, setWarning] = useState<string | null>(null);
  const set = <K extends keyof OfferFields>(key: K, value: OfferFields[K]) => setFields((f) => ({ ...f, [key]: value }));

  const submit = async () => {
    const checked = checkOffer(fields, suggestions);
    setErrors(checked.errors);
    if (checked.body === undefined) return;
    setWarning(null);
    try {
      notifySuccess(await send(checked.body));
      onDone();
    } catch (failure) {
      setWarning(errorText(failure, { fallback: 'Nothing was assigned.' }));
    }
  };

  const chosen = suggestions.find((s) => s.username === fields.username);
  const options = (translators.data ?? []).map((t) => ({ value: t.username, label: displayName(t) }));
  return (
    <FormWithWarning onSubmit={submit} warning={warning}>
      {suggestions.length > 0 && (
        <Suggestions
          suggestions={suggestions}
          chosen={fields.username}
          onChoose={(s) =>
            setFields((f) => ({ ...f, username: s.username, price: s.amount === null || s.amount === undefined ? f.price : 'rate' }))
          }
        />
      )}
      {suggested.isSuccess && suggestions.length === 0 && (
        <Text size="sm" c="dimmed">
          No translator&apos;s profile has this work&apos;s language pair: choose any translator and give a fixed amount.
        </Text>
      )}
      <Select
        label="Translator"
        required
        searchable
        data={options}
        value={fields.username}
        onChange={(value) => set('username', value)}
        error={errors.username}
        nothingFoundMessage={translators.isPending ? 'Loading…' : 'No translator accounts'}
        data-autofocus
      />
      <Select
        label="Task"
        required
        data={TASKS}
        value={fields.task}
        allowDeselect={false}
        onChange={(value) => set('task', TASKS.find((t) => t.value === value)?.value ?? 'post_edit')}
      />
      <TextInput
        label="Due"
        type="datetime-local"
        required
        value={fields.due}
        onChange={(event) => set('due', event.currentTarget.value)}
        error={errors.due}
      />
      <Textarea
        label="Note"
        autosize
        minRows={2}
        maxLength={4000}
        value={fields.note}
        onChange={(event) => set('note', event.currentTarget.value)}
      />
      <Radio.Group
        label="Price"
        value={fields.price ?? 'fixed'}
        onChange={(value) => set('price', value === 'rate' ? 'rate' : 'fixed')}
        error={errors.price}
      >
        <Group mt="xs" gap="md">
          <Radio value="rate" label="Translator's rate × weighted words" />
          <Radio value="fixed" label="Fixed amount" />
        </Group>
      </Radio.Group>
      {fields.price === 'rate' ? (
        <Text size="sm" aria-live="polite" data-testid="rate-price">
          {chosen === undefined
            ? 'Choose a suggested translator to see the price.'
            : `Price: ${ratePrice(chosen)} (${rates(chosen)}).`}
        </Text>
      ) : (
        <NumberInput
          label={amountLabel}
          description={`Leave empty when the price comes later.${chosen ? ` In ${chosen.currency}, the translator's currency.` : ''}`}
          min={0}
          decimalScale={2}
          value={fields.amount}
          onChange={(value) => set('amount', value)}
          error={errors.amount}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          Assign
        </Button>
      </Group>
    </FormWithWarning>
  );
}
