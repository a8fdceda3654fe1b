import { Code, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/QueryState';
import { buildInfoQuery } from '../api';

export function BuildInfoPanel() {
  const query = useQuery(buildInfoQuery());
  return (
    <QueryState query={query}>
      {(info) => (
        <Table maw={640} striped withTableBorder variant="vertical">
          <Table.Tbody>
            <Row label="Version" value={info.version} />
            <Row label="Commit" value={<Code>{info.commit}</Code>} />
            <Row label="Build date" value={info.build_date} />
            <Row label="Database backend" value={info.database} />
            <Row label="MT provider" value={info.mt_provider} />
          </Table.Tbody>
        </Table>
      )}
    </QueryState>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={180}>{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
    </Table.Tr>
  );
}
