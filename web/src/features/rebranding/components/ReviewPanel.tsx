// The wizard's last panel: what will be saved, readable, not raw JSON (docs/product.md).
import { Badge, ColorSwatch, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BrandColour, BrandLocation } from '../../../api/types';
import { formatCmyk, formatRgb, isValidHex } from '../colour';
import { fontStack } from '../fonts';
import type { WizardValues } from '../wizard';

interface ReviewPanelProps {
  values: WizardValues;
  clientName: string;
}

export function ReviewPanel({ values, clientName }: ReviewPanelProps) {
  const scheme = values.color_scheme;
  const groups: [string, BrandColour[]][] = [
    ['Priority 1', scheme.prio1_colors],
    ['Priority 2', scheme.prio2_colors],
    ['Highlight', scheme.highlight_color === null ? [] : [scheme.highlight_color]],
    ['Corporate', scheme.greyscale_colors],
  ];
  return (
    <Stack gap="lg" aria-label="Review">
      <Text c="dimmed" size="sm">
        Check the project before saving. Go back to any step to change it.
      </Text>
      <Paper withBorder>
        <Table variant="vertical" striped>
          <Table.Tbody>
            <Row label="Client" value={clientName} />
            <Row label="Legal Name" value={values.legal_name.trim()} />
            <Row label="Display Name" value={values.display_name.trim()} />
            <Row
              label="Headline font"
              value={<span style={{ fontFamily: fontStack(values.font_scheme.headline) }}>{values.font_scheme.headline || '–'}</span>}
            />
            <Row
              label="Body font"
              value={<span style={{ fontFamily: fontStack(values.font_scheme.body) }}>{values.font_scheme.body || '–'}</span>}
            />
            <Row label="Locations" value={values.locations.length} />
          </Table.Tbody>
        </Table>
      </Paper>
      <div>
        <Title order={4} mb="xs">
          Colours
        </Title>
        <Stack gap="sm">
          {groups.map(([label, colours]) => (
            <Group key={label} align="flex-start" wrap="nowrap">
              <Text fw={500} w={90} size="sm" style={{ flexShrink: 0 }}>
                {label}
              </Text>
              {colours.length === 0 ? (
                <Text c="dimmed" size="sm">
                  none
                </Text>
              ) : (
                <Group gap="md">
                  {colours.map((colour, index) => (
                    <ColourChip key={index} colour={colour} />
                  ))}
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      </div>
      {values.locations.length > 0 && (
        <div>
          <Title order={4} mb="xs">
            Locations
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {values.locations.map((location, index) => (
              <LocationSummary key={index} index={index} location={location} />
            ))}
          </SimpleGrid>
        </div>
      )}
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={160}>{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
    </Table.Tr>
  );
}

function ColourChip({ colour }: { colour: BrandColour }) {
  const valid = isValidHex(colour.hex);
  return (
    <Group gap="xs" wrap="nowrap">
      <ColorSwatch color={valid ? colour.hex : 'transparent'} size={28} radius="sm" withShadow />
      <Stack gap={0}>
        <Text size="sm" ff="monospace" c={valid ? undefined : 'red'}>
          {colour.hex === '' ? 'no HEX' : colour.hex.toUpperCase()}
        </Text>
        <Text size="xs" c="dimmed">
          RGB {formatRgb(colour.rgb)} · CMYK {formatCmyk(colour.cymk)}{' '}
          {!colour.cmyk_computed && (
            <Badge size="xs" variant="light">
              entered
            </Badge>
          )}
        </Text>
      </Stack>
    </Group>
  );
}

function LocationSummary({ index, location }: { index: number; location: BrandLocation }) {
  const { address, legal_info, contact_details } = location;
  const lines = [
    address.street,
    [address.zipcode, address.city].filter(Boolean).join(' '),
    address.country,
    legal_info.management && `Management: ${legal_info.management}`,
    contact_details.email,
  ].filter((line) => line.trim() !== '');
  return (
    <Paper withBorder p="sm">
      <Text fw={600} size="sm">
        Location {index}
      </Text>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          empty
        </Text>
      ) : (
        lines.map((line, i) => (
          <Text key={i} size="sm">
            {line}
          </Text>
        ))
      )}
    </Paper>
  );
}
