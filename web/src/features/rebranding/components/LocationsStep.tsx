import { ActionIcon, Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { emptyLocation, type WizardValues } from '../wizard';

type Form = UseFormReturnType<WizardValues>;

/** Label and field name of each location input, grouped as on the detail tab. */
const GROUPS = [
  {
    legend: 'Address',
    key: 'address',
    fields: [
      ['Street', 'street'],
      ['Zip code', 'zipcode'],
      ['City', 'city'],
      ['Country', 'country'],
    ],
  },
  {
    legend: 'Legal Info',
    key: 'legal_info',
    fields: [
      ['Management', 'management'],
      ['Commercial register', 'commercial_registration'],
      ['VAT ID', 'vat_id'],
    ],
  },
  {
    legend: 'Banking',
    key: 'banking',
    fields: [
      ['Bank', 'bank'],
      ['IBAN', 'iban'],
      ['BIC', 'bic'],
    ],
  },
  {
    legend: 'Contact',
    key: 'contact_details',
    fields: [
      ['Phone', 'phone'],
      ['E-mail', 'email'],
      ['Fax', 'fax'],
    ],
  },
] as const;

export function LocationsStep({ form }: { form: Form }) {
  const locations = form.getValues().locations;
  return (
    <Stack>
      <Text c="dimmed" size="sm">
        Each location gets a contact card, an imprint and an e-mail signature in the brand package.
      </Text>
      {locations.length === 0 && <Text size="sm">No locations yet.</Text>}
      {locations.map((_location, index) => (
        <Paper key={form.key(`locations.${index}`)} withBorder p="md" component="section" aria-label={`Location ${index}`}>
          <Group justify="space-between" mb="xs">
            <Title order={4}>Location {index}</Title>
            <Tooltip label={`Remove location ${index}`}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove location ${index}`}
                onClick={() => form.removeListItem('locations', index)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {GROUPS.map((group) => (
              <Fieldset key={group.key} legend={group.legend} variant="filled">
                <Stack gap="xs">
                  {group.fields.map(([label, field]) => {
                    const path = `locations.${index}.${group.key}.${field}`;
                    return <TextInput key={path} label={label} {...form.getInputProps(path)} />;
                  })}
                </Stack>
              </Fieldset>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={() => form.insertListItem('locations', emptyLocation())}
        style={{ alignSelf: 'flex-start' }}
      >
        Add location
      </Button>
    </Stack>
  );
}
