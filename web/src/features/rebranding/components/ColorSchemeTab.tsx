import { Badge, ColorSwatch, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { BrandColour, RebrandingProject } from '../../../api/types';
import { SvgImage } from '../../../components/SvgImage';
import { formatCmyk, formatRgb } from '../colour';

/** Client logo and the four colour sections with swatch, HEX, RGB and CMYK
 * (brand data is shown as entered: docs/product.md). */
export function ColorSchemeTab({ project }: { project: RebrandingProject }) {
  const scheme = project.color_scheme;
  const sections: [string, BrandColour[]][] = [
    ['Priority 1', scheme.prio1_colors],
    ['Priority 2', scheme.prio2_colors],
    ['Highlight', scheme.highlight_color == null ? [] : [scheme.highlight_color]],
    ['Corporate', scheme.greyscale_colors],
  ];
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" style={{ alignSelf: 'flex-start' }}>
        <SvgImage svg={project.client.client_logo} alt={`${project.client.client_name} logo`} width={240} height={96} />
      </Paper>
      {sections.map(([title, colours]) => (
        <section key={title} aria-label={title}>
          <Title order={3} size="h4" mb="xs">
            {title}
          </Title>
          {colours.length === 0 ? (
            <Text c="dimmed" size="sm">
              No colours.
            </Text>
          ) : (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={600}>
                <Table striped verticalSpacing="xs" layout="fixed">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={72}>Swatch</Table.Th>
                      {/* Fixed widths keep the columns of the four sections aligned. */}
                      <Table.Th w={120}>HEX</Table.Th>
                      <Table.Th w={160}>RGB</Table.Th>
                      <Table.Th>CMYK</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {colours.map((colour, index) => (
                      <Table.Tr key={index}>
                        <Table.Td>
                          <ColorSwatch
                            color={colour.hex}
                            size={40}
                            radius="sm"
                            withShadow
                            role="img"
                            aria-label={`${title} ${colour.hex}`}
                            style={{ border: '1px solid var(--mantine-color-gray-3)' }}
                          />
                        </Table.Td>
                        <Table.Td ff="monospace">{colour.hex}</Table.Td>
                        <Table.Td ff="monospace">{formatRgb(colour.rgb)}</Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Text ff="monospace" size="sm">
                              {formatCmyk(colour.cymk)}
                            </Text>
                            {colour.cmyk_computed && (
                              <Badge size="xs" variant="light" color="gray" title="Computed from RGB; ask the print shop for profile values">
                                suggested
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )}
        </section>
      ))}
    </Stack>
  );
}
