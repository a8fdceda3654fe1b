import { ActionIcon, Button, Group, NumberInput, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { ProjectId } from '../../../api/types';
import { FormWithWarning } from '../../../components/FormWithWarning';
import { errorText, notifySuccess } from '../../../components/messages';
import { formatMoney, useComposeQuote, useSendQuote, type Quote } from '../api';
import { composerProblem, draftInput, previewTotal, type ComposerFields } from './composer';

function fieldsOf(draft: Quote | undefined): ComposerFields {
  return {
    discountKind: draft?.discount?.kind ?? 'none',
    discountValue: draft?.discount?.value ?? 0,
    lines: (draft?.extra_lines ?? []).map((line) => ({ label: line.label, amount: line.amount })),
    dueDate: draft?.due_date ?? '',
    validityDays: draft?.validity_days ?? 30,
  };
}

/**
 * The staff's draft: discount, extra lines, due date and validity over the analysis's numbers,
 * with the total they come to; saved as the project's draft, or saved and sent.
 */
export function QuoteComposer({ projectId, draft }: { projectId: ProjectId; draft: Quote | undefined }) {
  const compose = useComposeQuote(projectId);
  const send = useSendQuote(projectId);
  const [fields, setFields] = useState<ComposerFields>(() => fieldsOf(draft));
  const [warning, setWarning] = useState<string | null>(null);
  const set = (changes: Partial<ComposerFields>) => setFields((current) => ({ ...current, ...changes }));
  const setLine = (index: number, changes: Partial<ComposerFields['lines'][number]>) =>
    set({ lines: fields.lines.map((line, i) => (i === index ? { ...line, ...changes } : line)) });

  const save = async (andSend: boolean) => {
    const problem = composerProblem(fields);
    setWarning(problem);
    if (problem !== null) return;
    try {
      const saved = await compose.mutateAsync(draftInput(fields));
      if (andSend) {
        await send.mutateAsync(saved.id);
        notifySuccess(`Quote ${saved.version} sent to the customer.`);
      } else {
        notifySuccess(`Draft of quote ${saved.version} saved.`);
      }
    } catch (error) {
      setWarning(errorText(error, { fallback: 'The quote could not be saved.' }));
    }
  };

  const preview = draft === undefined ? null : previewTotal(draft.numbers.priced_total, fields);
  const busy = compose.isPending || send.isPending;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
      <Title order={4} mb="sm">
        {draft === undefined ? 'New quote' : `Draft of version ${draft.version}`}
      </Title>
      <FormWithWarning onSubmit={() => save(false)} warning={warning}>
        <Stack gap="xs">
          <Text size="sm" fw={500} id="discount-label">
            Discount
          </Text>
          <Group align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-labelledby="discount-label"
              value={fields.discountKind}
              onChange={(value) => set({ discountKind: value })}
              data={[
                { value: 'none', label: 'None' },
                { value: 'percent', label: 'Percent' },
                { value: 'amount', label: 'Amount' },
              ]}
            />
            {fields.discountKind !== 'none' && (
              <NumberInput
                aria-label={fields.discountKind === 'percent' ? 'Discount in percent' : 'Discount amount'}
                min={0}
                max={fields.discountKind === 'percent' ? 100 : undefined}
                decimalScale={2}
                value={fields.discountValue}
                onChange={(value) => set({ discountValue: value })}
                w={140}
              />
            )}
          </Group>
        </Stack>
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Extra lines
          </Text>
          {fields.lines.map((line, index) => (
            <Group key={index} align="flex-end" wrap="wrap">
              <TextInput
                label={`Label of line ${index + 1}`}
                value={line.label}
                onChange={(event) => setLine(index, { label: event.currentTarget.value })}
                style={{ flex: '1 1 200px' }}
              />
              <NumberInput
                label="Amount"
                min={0}
                decimalScale={2}
                value={line.amount}
                onChange={(value) => setLine(index, { amount: value })}
                w={140}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove line ${index + 1}`}
                onClick={() => set({ lines: fields.lines.filter((_, i) => i !== index) })}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => set({ lines: [...fields.lines, { label: '', amount: 0 }] })}
            >
              Add line
            </Button>
          </Group>
        </Stack>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            label="Due date"
            value={fields.dueDate}
            onChange={(event) => set({ dueDate: event.currentTarget.value })}
          />
          <NumberInput
            label="Valid for (days)"
            min={1}
            max={365}
            allowDecimal={false}
            value={fields.validityDays}
            onChange={(value) => set({ validityDays: value })}
          />
        </Group>
        {preview !== null && draft !== undefined && (
          <Text aria-live="polite">
            Total: <strong>{formatMoney(preview.total, draft.currency)}</strong>
            {preview.discount > 0 && ` (discount ${formatMoney(preview.discount, draft.currency)})`}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={compose.isPending && !send.isPending} disabled={busy}>
            {draft === undefined ? 'Compute draft' : 'Save draft'}
          </Button>
          <Button leftSection={<IconSend size={16} />} onClick={() => void save(true)} loading={busy}>
            Save and send
          </Button>
        </Group>
      </FormWithWarning>
    </Paper>
  );
}
