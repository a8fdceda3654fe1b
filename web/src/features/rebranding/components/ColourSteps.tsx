import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { emptyColour } from '../colour';
import type { ColourList, WizardValues } from '../wizard';
import { ColourEditor } from './ColourEditor';

type Form = UseFormReturnType<WizardValues>;

interface ColourListStepProps {
  form: Form;
  list: ColourList;
  /** 'Priority 1', 'Priority 2' or 'Corporate'. */
  label: string;
  description: string;
}

/** A list of colours with add and remove (Priority 1, Priority 2, Corporate/greyscale). */
export function ColourListStep({ form, list, label, description }: ColourListStepProps) {
  const colours = form.getValues().color_scheme[list];
  return (
    <Stack>
      <Text c="dimmed" size="sm">
        {description}
      </Text>
      {colours.length === 0 && <Text size="sm">No {label} colours yet.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {colours.map((colour, index) => {
          const path = `color_scheme.${list}.${index}`;
          return (
            <ColourEditor
              key={form.key(path)}
              name={`${label} colour ${index + 1}`}
              value={colour}
              error={form.errors[`${path}.hex`] as string | undefined}
              onChange={(next) => {
                form.setFieldValue(path, next);
                form.clearFieldError(`${path}.hex`);
              }}
              onRemove={() => form.removeListItem(`color_scheme.${list}`, index)}
            />
          );
        })}
      </SimpleGrid>
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={() => form.insertListItem(`color_scheme.${list}`, emptyColour())}
        style={{ alignSelf: 'flex-start' }}
      >
        Add {label} colour
      </Button>
    </Stack>
  );
}

/** The one highlight colour (this step edits `highlight_color`, unlike the original tool). */
export function HighlightStep({ form }: { form: Form }) {
  const highlight = form.getValues().color_scheme.highlight_color;
  const path = 'color_scheme.highlight_color';
  return (
    <Stack>
      <Text c="dimmed" size="sm">
        The accent colour for calls to action, links and highlights.
      </Text>
      {highlight === null ? (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.setFieldValue(path, emptyColour())}
          style={{ alignSelf: 'flex-start' }}
        >
          Add Highlight colour
        </Button>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <ColourEditor
            name="Highlight colour"
            value={highlight}
            error={form.errors[`${path}.hex`] as string | undefined}
            onChange={(next) => {
              form.setFieldValue(path, next);
              form.clearFieldError(`${path}.hex`);
            }}
            onRemove={() => form.setFieldValue(path, null)}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
