import { Button, Group, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormWithWarning } from '../../../components/FormWithWarning';
import { errorText, notifySuccess } from '../../../components/messages';
import { translatorsQuery, type OfferBody, type Task } from '../api';
import { TASK_LABELS } from '../labels';

const TASKS = (Object.keys(TASK_LABELS) as Task[]).map((value) => ({ value, label: TASK_LABELS[value] }));

export interface OfferFields {
  username: string | null;
  task: Task;
  /** A `datetime-local` value: local time. */
  due: string;
  note: string;
  /** In the currency's units (not cents); empty for none. */
  amount: number | string;
}

/** What is missing or wrong, per field; the offer to send when nothing is. */
export function checkOffer(fields: OfferFields): { errors: Partial<Record<keyof OfferFields, string>>; body?: OfferBody } {
  const errors: Partial<Record<keyof OfferFields, string>> = {};
  if (fields.username === null) errors.username = 'Choose a translator.';
  const due = new Date(fields.due);
  if (fields.due === '' || Number.isNaN(due.getTime())) errors.due = 'Enter the due date and time.';
  const amount = fields.amount === '' ? null : Number(fields.amount);
  if (amount !== null && (Number.isNaN(amount) || amount < 0)) errors.amount = 'Enter an amount of 0 or more.';
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
    },
  };
}

interface AssignFormProps {
  /** Sends the offer; answers what to tell the user. */
  send: (body: OfferBody) => Promise<string>;
  pending: boolean;
  onDone: () => void;
  amountLabel?: string;
}

/** Staff offer a job (or a project's jobs) to a translator: who, what, when, a note and an optional fixed amount. */
export function AssignForm({ send, pending, onDone, amountLabel = 'Fixed amount' }: AssignFormProps) {
  const translators = useQuery(translatorsQuery());
  const [fields, setFields] = useState<OfferFields>({ username: null, task: 'post_edit', due: '', note: '', amount: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof OfferFields, string>>>({});
  const [warning, setWarning] = useState<string | null>(null);
  const set = <K extends keyof OfferFields>(key: K, value: OfferFields[K]) => setFields((f) => ({ ...f, [key]: value }));

  const submit = async () => {
    const checked = checkOffer(fields);
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

  const options = (translators.data ?? []).map((t) => ({
    value: t.username,
    label: `${t.first_name} ${t.last_name}`.trim() === '' ? t.username : `${t.first_name} ${t.last_name} (${t.username})`,
  }));
  return (
    <FormWithWarning onSubmit={submit} warning={warning}>
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
      <NumberInput
        label={amountLabel}
        description="Leave empty when the price comes later."
        min={0}
        decimalScale={2}
        value={fields.amount}
        onChange={(value) => set('amount', value)}
        error={errors.amount}
      />
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
