import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { BrandLocation } from '../../../api/types';

type Rows = [label: string, value: string][];

function tables(location: BrandLocation): [string, Rows][] {
  const { address, banking, legal_info, contact_details } = location;
  return [
    [
      'Address',
      [
        ['Street', address.street],
        ['Zip code', address.zipcode],
        ['City', address.city],
        ['Country', address.country],
      ],
    ],
    [
      'Banking',
      [
        ['Bank', banking.bank],
        ['IBAN', banking.iban],
        ['BIC', banking.bic],
      ],
    ],
    [
      'Legal Info',
      [
        ['Management', legal_info.management],
        ['Commercial register', legal_info.commercial_registration],
        ['VAT ID', legal_info.vat_id],
      ],
    ],
    [
      'Contact',
      [
        ['Phone', contact_details.phone],
        ['E-mail', contact_details.email],
        ['Fax', contact_details.fax],
      ],
    ],
  ];
}

/** Per location, numbered from 0: Address, Banking, Legal Info and contact tables. */
export function LocationsTab({ locations }: { locations: BrandLocation[] }) {
  if (locations.length === 0) {
    return <Text c="dimmed">This project has no locations.</Text>;
  }
  return (
    <Stack gap="xl">
      {locations.map((location, index) => (
        <section key={index} aria-label={`Location ${index}`}>
          <Title order={3} size="h4" mb="sm">
            Location {index}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {tables(location).map(([title, rows]) => (
              <Paper key={title} withBorder>
                <Table variant="vertical" striped aria-label={`${title} of location ${index}`}>
                  <Table.Caption style={{ captionSide: 'top', textAlign: 'left', padding: '8px 12px', fontWeight: 600 }}>
                    {title}
                  </Table.Caption>
                  <Table.Tbody>
                    {rows.map(([label, value]) => (
                      <Table.Tr key={label}>
                        <Table.Th w={120}>{label}</Table.Th>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{value === '' ? '–' : value}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}
