import { Autocomplete, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { clientOptionsQuery } from '../../../api/clients';
import { FONT_FAMILIES, fontStack } from '../fonts';
import type { WizardValues } from '../wizard';

type Form = UseFormReturnType<WizardValues>;

export function GeneralStep({ form }: { form: Form }) {
  const clients = useQuery(clientOptionsQuery());
  const options = (clients.data ?? []).map((c) => ({ value: String(c.id), label: c.client_name }));
  return (
    <Stack>
      <Select
        label="Client"
        placeholder={clients.isPending ? 'Loading clients…' : 'Choose a client'}
        data={options}
        searchable
        clearable
        required
        nothingFoundMessage="No clients found yet."
        {...form.getInputProps('client_id')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Legal name"
          description="The full company name with its legal entity, e.g. Müller & Söhne GmbH"
          required
          data-autofocus
          {...form.getInputProps('legal_name')}
        />
        <TextInput
          label="Display name"
          description="The short name used in the app and on the package"
          required
          {...form.getInputProps('display_name')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FontField form={form} field="headline" label="Headline font" sample="Brand Headline" />
        <FontField form={form} field="body" label="Body font" sample="The quick brown fox jumps over the lazy dog." />
      </SimpleGrid>
    </Stack>
  );
}

interface FontFieldProps {
  form: Form;
  field: 'headline' | 'body';
  label: string;
  sample: string;
}

/** A font family from the list or typed freely, previewed in that font when the machine has it. */
function FontField({ form, field, label, sample }: FontFieldProps) {
  const family = form.getValues().font_scheme[field];
  return (
    <Stack gap={4}>
      <Autocomplete
        label={label}
        placeholder="Choose or type a font family"
        data={[...FONT_FAMILIES]}
        limit={50}
        maxDropdownHeight={260}
        renderOption={({ option }) => <span style={{ fontFamily: fontStack(option.value) }}>{option.value}</span>}
        {...form.getInputProps(`font_scheme.${field}`)}
      />
      <Text
        size={field === 'headline' ? 'xl' : 'sm'}
        fw={field === 'headline' ? 700 : 400}
        style={{ fontFamily: fontStack(family), overflowWrap: 'anywhere' }}
        c={family.trim() === '' ? 'dimmed' : undefined}
      >
        {sample}
      </Text>
    </Stack>
  );
}
