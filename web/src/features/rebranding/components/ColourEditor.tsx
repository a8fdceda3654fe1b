// One brand colour: swatch, HEX with a picker, and bounded RGB and CMYK inputs kept in sync.
// HEX and RGB always describe the same colour; CMYK follows them as a suggestion until the user
// types a CMYK value, which is then kept (printers use profile-based values).
import {
  ActionIcon,
  Badge,
  Button,
  ColorPicker,
  ColorSwatch,
  Group,
  NumberInput,
  Paper,
  Popover,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { BrandColour } from '../../../api/types';
import { changeCmyk, changeHex, changeRgb, isValidHex, suggestCmyk, type Cmyk, type Rgb } from '../colour';

/** The picker opens on white while the HEX is empty (a new colour starts without one). */
const PICKER_DEFAULT = '#FFFFFF';

const SWATCHES = ['#0A3D62', '#3C6382', '#E55039', '#FA983A', '#F8C291', '#2F3640', '#DCDDE1', '#FFFFFF'];

interface ColourEditorProps {
  /** Names the colour for screen readers and the remove button, e.g. 'Priority 1 colour 2'. */
  name: string;
  value: BrandColour;
  onChange: (colour: BrandColour) => void;
  onRemove: () => void;
  error?: string;
}

export function ColourEditor({ name, value, onChange, onRemove, error }: ColourEditorProps) {
  const valid = isValidHex(value.hex);
  return (
    <Paper withBorder p="sm" role="group" aria-label={name} style={{ minWidth: 0 }}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ColorSwatch
            color={valid ? value.hex : 'transparent'}
            size={36}
            radius="sm"
            withShadow
            role="img"
            aria-label={valid ? `${name} swatch ${value.hex.toUpperCase()}` : `${name} swatch (no colour yet)`}
            style={{ border: '1px solid var(--mantine-color-gray-4)' }}
          />
          <Text fw={600}>{name}</Text>
        </Group>
        <Tooltip label={`Remove ${name}`}>
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={onRemove}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Stack gap="xs">
        <HexField name={name} value={value} onChange={onChange} error={error} />
        <ChannelRow
          label="RGB"
          channels={['r', 'g', 'b'] as const}
          max={255}
          values={value.rgb}
          onChange={(channel, n) => onChange(changeRgb(value, channel, n))}
          name={name}
        />
        <ChannelRow
          label="CMYK"
          channels={['c', 'm', 'y', 'k'] as const}
          max={100}
          values={value.cymk}
          onChange={(channel, n) => onChange(changeCmyk(value, channel, n))}
          name={name}
          extra={
            value.cmyk_computed ? (
              <Badge variant="light" color="gray" size="sm">
                suggested
              </Badge>
            ) : (
              <Group gap={4}>
                <Badge variant="light" color="blue" size="sm">
                  entered
                </Badge>
                <Button
                  variant="subtle"
                  size="compact-xs"
                  leftSection={<IconRefresh size={12} />}
                  onClick={() => onChange(suggestCmyk(value))}
                >
                  Use suggestion
                </Button>
              </Group>
            )
          }
        />
      </Stack>
    </Paper>
  );
}

function HexField({ name, value, onChange, error }: Omit<ColourEditorProps, 'onRemove'>) {
  const [opened, setOpened] = useState(false);
  const valid = isValidHex(value.hex);
  return (
    // No popup roles: the target is a text field, which cannot announce a popup; the picker only helps.
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus={false} withRoles={false}>
      <Popover.Target>
        <TextInput
          label="HEX"
          placeholder="#RRGGBB"
          value={value.hex}
          error={error}
          aria-label={`${name} HEX`}
          maxLength={7}
          leftSection={<ColorSwatch color={valid ? value.hex : PICKER_DEFAULT} size={18} aria-hidden />}
          onFocus={() => setOpened(true)}
          onClick={() => setOpened(true)}
          onBlur={() => setOpened(false)}
          onChange={(event) => onChange(changeHex(value, event.currentTarget.value))}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      </Popover.Target>
      {/* Picking keeps focus in the HEX input, like Mantine's ColorInput. */}
      <Popover.Dropdown onMouseDown={(event) => event.preventDefault()}>
        <ColorPicker
          format="hex"
          value={valid ? value.hex : PICKER_DEFAULT}
          onChange={(hex) => onChange(changeHex(value, hex.toUpperCase()))}
          swatches={SWATCHES}
          swatchesPerRow={8}
          aria-label={`${name} picker`}
          saturationLabel={`${name} saturation and brightness`}
          hueLabel={`${name} hue`}
        />
      </Popover.Dropdown>
    </Popover>
  );
}

interface ChannelRowProps<K extends string> {
  label: string;
  channels: readonly K[];
  max: number;
  values: Record<K, number>;
  onChange: (channel: K, value: number) => void;
  name: string;
  extra?: ReactNode;
}

function ChannelRow<K extends keyof Rgb | keyof Cmyk>({ label, channels, max, values, onChange, name, extra }: ChannelRowProps<K>) {
  return (
    <div>
      <Group gap="xs" mb={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        {extra}
      </Group>
      <SimpleGrid cols={channels.length} spacing="xs">
        {channels.map((channel) => (
          <ChannelInput
            key={channel}
            label={`${name} ${label} ${channel.toUpperCase()}`}
            channel={channel.toUpperCase()}
            max={max}
            value={values[channel]}
            onChange={(next) => onChange(channel, next)}
          />
        ))}
      </SimpleGrid>
    </div>
  );
}

interface ChannelInputProps {
  label: string;
  channel: string;
  max: number;
  value: number;
  onChange: (value: number) => void;
}

/**
 * A bounded whole-number input. While the field is empty (the user cleared it to type a new
 * value) nothing changes; leaving it empty restores the colour's value.
 */
function ChannelInput({ label, channel, max, value, onChange }: ChannelInputProps) {
  const [draft, setDraft] = useState<number | string>(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The colour changed elsewhere (HEX, picker): show its new value.
    setShown(value);
    setDraft(value);
  }
  return (
    <NumberInput
      aria-label={label}
      leftSection={
        <Text size="xs" c="dimmed">
          {channel}
        </Text>
      }
      min={0}
      max={max}
      step={1}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      hideControls
      value={draft}
      onChange={(next) => {
        setDraft(next);
        if (typeof next === 'number') onChange(next);
      }}
      onBlur={() => {
        if (typeof draft !== 'number') setDraft(value);
      }}
    />
  );
}
